import sharp, { type Metadata } from 'sharp';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../content/demo-media/thumbnail.ts';

/**
 * Raster formats a thumbnail may come in, as sharp names them once it has read the bytes (AVIF and HEIC are
 * both 'heif'; a HEIC that this build of libvips cannot decode fails at decoding). SVG is left out on purpose:
 * it is a document (scripts, external references) rather than a picture, and it would be rasterised by librsvg.
 */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);
/** A decompression bomb (a small file of a huge picture) is refused before its pixels are decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

export type ThumbnailResult =
  | { ok: true; webp: Buffer; avif: Buffer; source: { format: string; width: number; height: number } }
  | { ok: false; detail: string };

const NOT_AN_IMAGE = 'This file is not an image: choose a JPEG, PNG, WebP or AVIF picture.';

/**
 * Decodes the upload with sharp (whatever its name or declared type says), then crops it to the card's size
 * around its centre and encodes WebP (every browser the product supports) and AVIF (smaller, for a
 * <picture> source): both cheap at this size (tens of milliseconds).
 */
export async function makeThumbnail(bytes: Buffer): Promise<ThumbnailResult> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // The header only (no pixels decoded yet), so that a picture over the limit is named as such.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, detail: NOT_AN_IMAGE };
  }
  if (!metadata.format || !ACCEPTED.has(metadata.format)) {
    return { ok: false, detail: NOT_AN_IMAGE };
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_INPUT_PIXELS) {
    return { ok: false, detail: 'This picture is too large: use one of at most 50 megapixels.' };
  }
  if (width < 16 || height < 9) return { ok: false, detail: 'This picture is too small for a course card.' };
  try {
    // rotate(): applies the camera's EXIF orientation; metadata (EXIF, GPS) is not copied to the output.
    const card = sharp(bytes, { ...options, animated: false })
      .rotate()
      .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover', position: 'centre' });
    const [webp, avif] = await Promise.all([
      card.clone().webp({ quality: 82 }).toBuffer(),
      card.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
    ]);
    return { ok: true, webp, avif, source: { format: metadata.format, width, height } };
  } catch {
    // The header was readable but the pixels are not (a truncated or corrupt file).
    return { ok: false, detail: 'This picture could not be read: the file may be damaged. Export it again.' };
  }
}
