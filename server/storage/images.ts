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

/** The onboarding photo's side in pixels: a square (specs/onboarding-customers-teams-notifications.md §5, 1:1 crop). */
export const AVATAR_SIZE = 256

/** A square in the upright image's pixels, as the crop dialog chose it. */
export interface SquareCrop {
  x: number
  y: number
  size: number
}

/**
 * A profile photo: PNG or JPEG only, turned upright, cut to the chosen square (clamped into the image; the centred
 * largest square without one) and scaled to AVATAR_SIZE. Same checks and re-encoding as logos.
 */
export async function reencodeAvatar(
  input: Buffer,
  crop?: SquareCrop,
): Promise<{ bytes: Buffer; extension: 'png' | 'jpg' }> {
  let format: string | undefined
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format
  } catch {
    throw new ImageRejected('must be a PNG or JPEG image')
  }
  if (format !== 'png' && format !== 'jpeg') throw new ImageRejected('must be a PNG or JPEG image')
  try {
    const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .toBuffer({ resolveWithObject: true })
    const { width, height } = upright.info
    const side = Math.max(1, Math.min(Math.round(crop?.size ?? Math.min(width, height)), width, height))
    const left = Math.min(Math.max(0, Math.round(crop?.x ?? (width - side) / 2)), width - side)
    const top = Math.min(Math.max(0, Math.round(crop?.y ?? (height - side) / 2)), height - side)
    const pipeline = sharp(upright.data)
      .extract({ left, top, width: side, height: side })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    if (format === 'png') return { bytes: await pipeline.png({ compressionLevel: 9 }).toBuffer(), extension: 'png' }
    return { bytes: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), extension: 'jpg' }
  } catch {
    throw new ImageRejected('could not be read as an image')
  }
}
