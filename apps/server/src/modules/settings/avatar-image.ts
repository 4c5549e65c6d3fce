import sharp from 'sharp';
import type { SniffedType } from '../../integrations/storage/magic-bytes';

/** An avatar is drawn at most a few hundred pixels wide: larger ones are scaled down to this. */
export const AVATAR_MAX_DIMENSION = 512;
/**
 * Pictures of more pixels than this are refused before they are decoded: a file of a few kilobytes
 * can declare a 30 000 × 30 000 picture (a decompression bomb). 50 megapixels is above what phones
 * save by default.
 */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;
const AVATAR_QUALITY = 82;

export const AVATAR_STORED_TYPE: SniffedType = { mime: 'image/webp', extension: 'webp' };

/**
 * The avatar as pixels only: decoded (the first frame of an animation), turned upright by its EXIF
 * orientation, scaled to fit `AVATAR_MAX_DIMENSION`, and encoded anew as WebP (which keeps a PNG's
 * transparency). Nothing of the uploaded file survives but the picture: no EXIF or GPS position,
 * XMP, ICC profile, comments, unknown chunks, nor bytes after the image's end (a motion photo's
 * video). Undefined when the file does not decode as an image or is too large to decode.
 */
export async function reencodeAvatar(image: Buffer): Promise<Buffer | undefined> {
  try {
    return await sharp(image, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: AVATAR_MAX_DIMENSION,
        height: AVATAR_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: AVATAR_QUALITY })
      .toBuffer();
  } catch {
    return undefined;
  }
}
