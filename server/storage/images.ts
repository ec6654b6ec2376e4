// Uploaded images are decoded and re-encoded by sharp: only PNG and JPEG are accepted (by their content, not their
// name or declared type), they are shrunk to fit LOGO_MAX_SIZE, and metadata is dropped. The bytes served are
// always ours, never the uploaded ones.
import sharp from 'sharp'

export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_MAX_SIZE = 512
/** Refuses decompression bombs before decoding them. */
const MAX_INPUT_PIXELS = 40_000_000

export class ImageRejected extends Error {}

export async function reencodeLogo(input: Buffer): Promise<{ bytes: Buffer; extension: 'png' | 'jpg' }> {
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw new ImageRejected('must be a PNG or JPEG image')
  }
  if (format !== 'png' && format !== 'jpeg') throw new ImageRejected('must be a PNG or JPEG image')
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(LOGO_MAX_SIZE, LOGO_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
    if (format === 'png') return { bytes: await pipeline.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' }
    return { bytes: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' }
  } catch {
    throw new ImageRejected('could not be read as an image')
  }
}
