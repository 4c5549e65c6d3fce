/** What a file really is, from its first bytes; the declared content type is not trusted. */
export type SniffedType =
  | { mime: 'video/webm'; extension: 'webm' }
  | { mime: 'video/mp4'; extension: 'mp4' }
  | { mime: 'image/jpeg'; extension: 'jpg' }
  | { mime: 'image/png'; extension: 'png' }
  | { mime: 'image/webp'; extension: 'webp' };

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

export function sniffVideo(head: Buffer): SniffedType | undefined {
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', extension: 'webm' };
  if (startsWith(head, ascii('ftyp'), 4)) return { mime: 'video/mp4', extension: 'mp4' };
  return undefined;
}

export function sniffImage(head: Buffer): SniffedType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8))
    return { mime: 'image/webp', extension: 'webp' };
  return undefined;
}
