// Copies the files of a local upload folder into another store (the bucket of STORAGE_URL), skipping those already
// there, so a site moves to S3-compatible storage without losing an upload and the copy can run again at any time.
import fs from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, type FileStorage, isStorageKey } from './storage.ts'

export interface CopyReport {
  copied: number
  /** Already in the store: left as they are. */
  present: number
  /** Files that are not ours (partial writes, anything put there by hand): not copied. */
  ignored: string[]
}

/** Files are copied this many at a time. */
const PARALLEL_COPIES = 8

export async function copyUploadDir(uploadDir: string, target: FileStorage): Promise<CopyReport> {
  const entries = await fs.readdir(uploadDir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
  const report: CopyReport = { copied: 0, present: 0, ignored: files.filter((key) => !isStorageKey(key)) }
  const keys = files.filter(isStorageKey)
  async function copyNext(): Promise<void> {
    for (let key = keys.shift(); key !== undefined; key = keys.shift()) {
      if (await target.has(key)) {
        report.present++
        continue
      }
      await target.put(key, await fs.readFile(path.join(uploadDir, key)), contentTypeOf(key))
      report.copied++
    }
  }
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, copyNext))
  return report
}
