// The one store of the app's files, chosen by the configuration: S3-compatible storage when STORAGE_URL is set,
// else the local UPLOAD_DIR. app.ts opens it once as app.storage; the copy command opens the bucket the same way.
import type { AppConfig } from '../config.ts'
import { createLocalDiskStorage } from './local-disk.storage.ts'
import { createS3Storage } from './s3.storage.ts'
import type { FileStorage } from './storage.ts'

export function openFileStorage(config: Pick<AppConfig, 'uploadDir' | 's3'>): FileStorage & { close(): void } {
  if (config.s3) return createS3Storage(config.s3)
  return { ...createLocalDiskStorage(config.uploadDir), close: () => {} }
}
