// Where uploaded files live. The local disk is the default; an S3-compatible store implements the same interface
// (BRIEF "Scale plan": uploads go to S3-compatible storage when instances are many).

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
  /** The address clients load the file from. */
  publicUrl(key: string): string
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

export const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' }
