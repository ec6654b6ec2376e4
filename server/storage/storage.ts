// Where uploaded files live. The local disk is the default (local-disk.storage.ts); STORAGE_URL=s3://... puts them in
// S3-compatible storage (s3.storage.ts) so that several instances share them (BRIEF "Scale plan", decision 055).

export interface StoredFile {
  bytes: Buffer
  contentType: string
}

export interface FileStorage {
  /** Stores the bytes under a key such as 'logos/3f2c....png'. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>
  delete(key: string): Promise<void>
  has(key: string): Promise<boolean>
  /** An address outside the app that serves the file to anyone (S3_PUBLIC_URL), or null: the app serves it. */
  directUrl(key: string): string | null
}

/** Keys are ours (a folder, a random name and an extension we chose), never a client's file name. */
export const STORAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f-]{36}\.(png|jpg)$/

/**
 * Share images (server/modules/share-images, decision 044): one per tool, stack, company or comparison, named by its
 * row ids ('share/tools/12.png', 'share/stackups/3-8.png') and replaced in place when its content changes. Served
 * only by /share/..., which checks that the thing is public on every request; /uploads/... never serves them.
 */
export const SHARE_IMAGE_KEY_PATTERN = /^share\/(tools|stacks|companies|stackups)\/[0-9]{1,10}(-[0-9]{1,10})?\.png$/

export const isStorageKey = (key: string) => STORAGE_KEY_PATTERN.test(key) || SHARE_IMAGE_KEY_PATTERN.test(key)

/** The address of an upload kept in rows and sent to clients: the app's, wherever the file is stored. */
export const uploadUrl = (key: string) => `/uploads/${key}`

/** Uploads are never replaced (a new file gets a new random name), so any cache may keep them. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable'

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' }

export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
