import { sniffImage } from '../../integrations/storage/magic-bytes';

const MAX_NAME_LENGTH = 200;
const FALLBACK_NAME = 'archivo';
const MIME_PATTERN = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i;
/** C0/C1 controls, and the bidi overrides that make `gpj.exe` display as `exe.jpg`. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The file name a person sent, kept only as the text shown in the chat: never a path (storage keys
 * are generated), so folders, control characters and bidi tricks go, and it is capped.
 */
export function attachmentDisplayName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNSAFE_NAME_CHARS, '').normalize('NFC').trim();
  if (clean === '' || clean === '.' || clean === '..') return FALLBACK_NAME;
  return Array.from(clean).slice(0, MAX_NAME_LENGTH).join('').trim() || FALLBACK_NAME;
}

/** The declared type, kept for display (the icon of the chat bubble) when it looks like one. */
export function declaredMime(mimetype: string | undefined): string {
  const value = (mimetype ?? '').trim().toLowerCase();
  return MIME_PATTERN.test(value) ? value : 'application/octet-stream';
}

const SAFE_DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'video/webm',
  'video/mp4',
]);

function sniffedImageMime(head: Buffer): string | undefined {
  const ascii = head.subarray(0, 6).toString('latin1');
  if (ascii === 'GIF87a' || ascii === 'GIF89a') return 'image/gif';
  return sniffImage(head)?.mime;
}

/**
 * The Content-Type an attachment is served with. Only types no browser runs as a document keep
 * theirs (HTML, SVG, XML and anything unknown become octet-stream); an image keeps its type only
 * when its first bytes agree, so an `<img>` shows it and nothing else is smuggled in as an image.
 */
export function servedContentType(mime: string, head: Buffer): string {
  if (mime.startsWith('image/')) {
    return sniffedImageMime(head) === mime ? mime : 'application/octet-stream';
  }
  if (mime === 'text/plain') return 'text/plain; charset=utf-8';
  if (SAFE_DOCUMENT_TYPES.has(mime)) return mime;
  if (mime.startsWith('audio/') && MIME_PATTERN.test(mime)) return mime;
  return 'application/octet-stream';
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
