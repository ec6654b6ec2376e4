// Uploads on the local disk under config.uploadDir, served by GET /uploads/{key} (server/storage/uploads.routes.ts).
import fs from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, type FileStorage, isStorageKey } from './storage.ts'

export function createLocalDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    async put(key, bytes) {
      const file = resolve(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`
      await fs.writeFile(partial, bytes)
      await fs.rename(partial, file)
    },
    async get(key) {
      if (!isStorageKey(key)) return null
      try {
        const bytes = await fs.readFile(resolve(key))
        return { bytes, contentType: contentTypeOf(key) }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true })
    },
    async has(key) {
      return isStorageKey(key) && (await fs.stat(resolve(key)).catch(() => null))?.isFile() === true
    },
    directUrl: () => null,
  }
}
