// Uploads and share images in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix): AWS, MinIO, Ceph, R2,
// Garage. Every instance reads and writes the same objects, so any of them serves any upload. Decision 055.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { S3Settings } from '../config.ts'
import { contentTypeOf, type FileStorage, isStorageKey, STORAGE_KEY_PATTERN, UPLOAD_CACHE_CONTROL } from './storage.ts'

export interface S3Storage extends FileStorage {
  /** Closes the client's sockets. */
  close(): void
}

export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default since 2025 sends CRC checksums (and aws-chunked bodies for streams) that several
    // S3-compatible servers refuse or store wrongly; the checksums S3 requires are still sent.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
    return `${settings.prefix}${key}`
  }
  const isMissing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: contentType,
          // for a CDN reading the bucket (S3_PUBLIC_URL); share images are replaced in place and served by the app
          CacheControl: STORAGE_KEY_PATTERN.test(key) ? UPLOAD_CACHE_CONTROL : 'no-cache',
        }),
      )
    },
    async get(key) {
      if (!isStorageKey(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
        if (!object.Body) return null
        const bytes = Buffer.from(await object.Body.transformToByteArray())
        return { bytes, contentType: object.ContentType ?? contentTypeOf(key) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async delete(key) {
      // S3 answers 204 whether or not the object was there
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
    },
    async has(key) {
      if (!isStorageKey(key)) return false
      try {
        await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    directUrl(key) {
      // share images never: /share/... checks on every request that their subject is still public (decision 044)
      if (!settings.publicUrl || !STORAGE_KEY_PATTERN.test(key)) return null
      return `${settings.publicUrl}/${objectKey(key).split('/').map(encodeURIComponent).join('/')}`
    },
    close: () => client.destroy(),
  }
}
