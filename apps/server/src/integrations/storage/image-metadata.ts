import type { SniffedType } from './magic-bytes';

/**
 * Removes what a photo says about where and how it was taken (EXIF with its GPS position, XMP,
 * IPTC, comments, PNG text chunks) without re-encoding the picture. Avatars are shown to the
 * user's security network, and a phone photo's GPS tag would give away where the person lives.
 * A JPEG keeps its orientation in a minimal EXIF block, so portrait photos do not turn sideways.
 * Anything that does not parse as expected is refused (undefined), never stored half-cleaned.
 */
export function stripImageMetadata(image: Buffer, type: SniffedType): Buffer | undefined {
  switch (type.mime) {
    case 'image/jpeg':
      return stripJpeg(image);
    case 'image/png':
      return stripPng(image);
    case 'image/webp':
      return stripWebp(image);
    default:
      return image;
  }
}

const JPEG_SOS = 0xda;
const JPEG_APP1 = 0xe1;
const JPEG_APP13 = 0xed;
const JPEG_COMMENT = 0xfe;
const EXIF_ORIENTATION_TAG = 0x0112;

function stripJpeg(image: Buffer): Buffer | undefined {
  if (image[0] !== 0xff || image[1] !== 0xd8) return undefined;
  const kept: Buffer[] = [image.subarray(0, 2)];
  let orientation: number | undefined;
  let offset = 2;
  while (offset + 4 <= image.length) {
    if (image[offset] !== 0xff) return undefined;
    const marker = image[offset + 1]!;
    // Fill bytes and markers without a length (RSTn, TEM) stand alone.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(image.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    const length = image.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > image.length) return undefined;
    if (marker === JPEG_SOS) {
      // The entropy-coded picture runs to the end: nothing after it carries metadata we read.
      kept.push(image.subarray(offset));
      const header = orientation && orientation !== 1 ? [orientationExif(orientation)] : [];
      return Buffer.concat([kept[0]!, ...header, ...kept.slice(1)]);
    }
    const segment = image.subarray(offset, end);
    if (marker === JPEG_APP1) orientation ??= readExifOrientation(segment.subarray(4));
    else if (marker !== JPEG_APP13 && marker !== JPEG_COMMENT) kept.push(segment);
    offset = end;
  }
  return undefined;
}

/** The orientation tag of an APP1 EXIF payload ("Exif\0\0" + TIFF), or undefined. */
function readExifOrientation(payload: Buffer): number | undefined {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === EXIF_ORIENTATION_TAG) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment holding only the orientation tag (big-endian TIFF, one IFD entry). */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(EXIF_ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, JPEG_APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

const PNG_SIGNATURE_BYTES = 8;
const PNG_METADATA_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function stripPng(image: Buffer): Buffer | undefined {
  const kept: Buffer[] = [image.subarray(0, PNG_SIGNATURE_BYTES)];
  let offset = PNG_SIGNATURE_BYTES;
  while (offset + 12 <= image.length) {
    const length = image.readUInt32BE(offset);
    const kind = image.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > image.length) return undefined;
    if (!PNG_METADATA_CHUNKS.has(kind)) kept.push(image.subarray(offset, end));
    offset = end;
    if (kind === 'IEND') return Buffer.concat(kept);
  }
  return undefined;
}

const WEBP_METADATA_CHUNKS = new Set(['EXIF', 'XMP ']);
/** VP8X feature flags announcing the chunks removed: EXIF (0x08) and XMP (0x04). */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function stripWebp(image: Buffer): Buffer | undefined {
  const kept: Buffer[] = [];
  let offset = 12;
  while (offset + 8 <= image.length) {
    const kind = image.toString('latin1', offset, offset + 4);
    const length = image.readUInt32LE(offset + 4);
    // Chunks are padded to an even length.
    const end = offset + 8 + length + (length % 2);
    if (offset + 8 + length > image.length) return undefined;
    const chunk = Buffer.from(image.subarray(offset, Math.min(end, image.length)));
    if (kind === 'VP8X' && chunk.length > 8) chunk[8] = (chunk[8] ?? 0) & ~VP8X_METADATA_FLAGS & 0xff;
    if (!WEBP_METADATA_CHUNKS.has(kind)) kept.push(chunk);
    offset = end;
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
