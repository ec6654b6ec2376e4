// Share images kept in storage: one object per card ('share/tools/12.png'), which carries the hash of the inputs it
// was drawn from in a PNG text chunk. A request whose inputs hash the same is answered with the stored bytes; any
// other draws the card again and replaces the object in place, so an old image never lingers beside the new one.
// Concurrent requests for the same card on one instance wait for one drawing. Decision 044.
import zlib from 'node:zlib'
import type { FileStorage } from '../../storage/storage.ts'

const PNG_SIGNATURE_LENGTH = 8
/** The signature, then IHDR (length, type, 13 bytes of data, CRC): PNG requires it to come first. */
const AFTER_IHDR = PNG_SIGNATURE_LENGTH + 4 + 4 + 13 + 4
const HASH_KEYWORD = 'stackatlas-inputs'

/** The PNG with a tEXt chunk 'stackatlas-inputs' = hash right after its header. */
export function withInputsHash(png: Buffer, hash: string): Buffer {
  const data = Buffer.from(`${HASH_KEYWORD}\0${hash}`, 'latin1')
  const chunk = Buffer.alloc(4 + 4 + data.length + 4)
  chunk.writeUInt32BE(data.length, 0)
  chunk.write('tEXt', 4, 'latin1')
  data.copy(chunk, 8)
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length)
  return Buffer.concat([png.subarray(0, AFTER_IHDR), chunk, png.subarray(AFTER_IHDR)])
}

/** The hash withInputsHash put in, or null (not a PNG of ours, or cut short). Reads only the chunks before IDAT. */
export function inputsHashOf(png: Buffer): string | null {
  let offset = PNG_SIGNATURE_LENGTH
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    if (type === 'IDAT' || offset + 12 + length > png.length) return null
    if (type === 'tEXt') {
      const data = png.toString('latin1', offset + 8, offset + 8 + length)
      if (data.startsWith(`${HASH_KEYWORD}\0`)) return data.slice(HASH_KEYWORD.length + 1)
    }
    offset += 12 + length
  }
  return null
}

export interface ShareImageStore {
  /**
   * The card drawn from the inputs hashed as `hash`: the stored PNG when it was drawn from them, else `draw()`'s,
   * stored under `key` before it is returned.
   */
  load(key: string, hash: string, draw: () => Promise<Buffer>): Promise<Buffer>
  /** Removes the card of something that is no longer public. */
  forget(key: string): Promise<void>
}

export function createShareImageStore(storage: FileStorage): ShareImageStore {
  /** Drawings under way on this instance, by key and hash. */
  const drawing = new Map<string, Promise<Buffer>>()

  async function drawAndStore(key: string, hash: string, draw: () => Promise<Buffer>): Promise<Buffer> {
    const png = withInputsHash(await draw(), hash)
    await storage.put(key, png, 'image/png')
    return png
  }

  return {
    async load(key, hash, draw) {
      const flight = `${key} ${hash}`
      const underWay = drawing.get(flight)
      if (underWay) return underWay
      const stored = await storage.get(key)
      if (stored && inputsHashOf(stored.bytes) === hash) return stored.bytes
      // another request may have started drawing while this one read storage
      let pending = drawing.get(flight)
      if (!pending) {
        pending = drawAndStore(key, hash, draw).finally(() => drawing.delete(flight))
        drawing.set(flight, pending)
      }
      return pending
    },
    forget: (key) => storage.delete(key),
  }
}
