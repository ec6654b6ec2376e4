// Uploads and share images in S3-compatible storage (STORAGE_URL=s3://...), against a real S3 server on loopback
// (server/test/s3-server.ts), and `npm run storage:copy` run as an operator would. Decision 055.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolShareImagePath } from '#contracts/share-images.ts'
import { tools } from '../db/schema/index.ts'
import { buildTool, buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'
import { s3SettingsOf, startS3Server, type TestS3Server } from '../test/s3-server.ts'
import { createS3Storage, type S3Storage } from './s3.storage.ts'
import { copyUploadDir } from './storage-copy.ts'

let s3: TestS3Server
let storage: S3Storage
let raw: S3Client
/** An app storing into the bucket and serving it; one redirecting to the bucket's public address. */
let served: TestContext
let redirected: TestContext
let user: TestUser
beforeAll(async () => {
  s3 = await startS3Server()
  storage = createS3Storage(s3SettingsOf(s3))
  raw = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  })
  served = await createTestApp({ s3: s3SettingsOf(s3) })
  redirected = await createTestApp({ s3: s3SettingsOf(s3, { S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}/` }) })
  user = await buildUser(served.app)
})
afterAll(async () => {
  await served?.close()
  await redirected?.close()
  storage?.close()
  raw?.destroy()
  await s3?.close()
})

const KEY = 'logos/0b7f9a4e-8d2c-4f1e-9a57-3c2d1e0f9a8b.png'

/** The keys in the bucket under the app's prefix. */
async function objectKeys(under = 'stackatlas/'): Promise<string[]> {
  const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: under }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

async function objectBytes(key: string): Promise<Buffer> {
  const object = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()

const boundary = '----stackatlas-s3-boundary'
async function uploadLogo(client: TestUser['client']) {
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await client.request('POST', '/api/v1/uploads/logo', body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  })
  expect(response.status).toBe(200)
  return response.body.image_url as string
}

describe('the S3 storage', () => {
  it('puts, gets, checks and deletes an object under the prefix', async () => {
    const bytes = await png()
    await storage.put(KEY, bytes, 'image/png')
    expect(await objectKeys()).toContain(`stackatlas/${KEY}`)
    expect(await storage.get(KEY)).toEqual({ bytes, contentType: 'image/png' })
    expect(await storage.has(KEY)).toBe(true)
    await storage.delete(KEY)
    expect(await storage.get(KEY)).toBeNull()
    expect(await storage.has(KEY)).toBe(false)
    expect(await objectKeys()).not.toContain(`stackatlas/${KEY}`)
  })

  it('answers null for a missing key, deletes one quietly, and refuses keys it never makes', async () => {
    const missing = 'avatars/00000000-0000-0000-0000-000000000000.jpg'
    expect(await storage.get(missing)).toBeNull()
    await storage.delete(missing)
    expect(await storage.get('../secrets.png')).toBeNull()
    expect(await storage.has('logos/evil.html')).toBe(false)
    await expect(storage.put('logos/evil.html', Buffer.from('<p>'), 'text/html')).rejects.toThrow(
      'invalid storage key: logos/evil.html',
    )
  })

  it('is refused by the server with an unknown access key', async () => {
    const stranger = createS3Storage({ ...s3SettingsOf(s3), accessKeyId: 'NOT-A-KEY' })
    try {
      await expect(stranger.put(KEY, await png(), 'image/png')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' })
      expect(await storage.has(KEY)).toBe(false)
      expect(s3.refusals).toEqual([`PUT /${s3.bucket}/stackatlas/${KEY}?x-id=PutObject: InvalidAccessKeyId`])
      s3.refusals.length = 0
    } finally {
      stranger.close()
    }
  })

  it('names an upload at the public address, and never a share image', () => {
    const publicStorage = createS3Storage(s3SettingsOf(s3, { S3_PUBLIC_URL: 'https://cdn.example.com/' }))
    expect(publicStorage.directUrl(KEY)).toBe(`https://cdn.example.com/stackatlas/${KEY}`)
    expect(publicStorage.directUrl('share/tools/12.png')).toBeNull()
    expect(storage.directUrl(KEY)).toBeNull()
    publicStorage.close()
  })
})

describe('uploads in S3 storage', () => {
  it('stores an uploaded logo in the bucket, not on the disk, and serves it through the app', async () => {
    const imageUrl = await uploadLogo(user.client)
    expect(imageUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.png$/)
    const key = `stackatlas/${imageUrl.slice('/uploads/'.length)}`
    expect(await objectKeys()).toContain(key)
    expect(fs.readdirSync(served.app.config.uploadDir)).toEqual([])

    const response = await served.app.inject({ method: 'GET', url: imageUrl })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('image/png')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.rawPayload).toEqual(await objectBytes(key))
  })

  it('redirects to the public address with S3_PUBLIC_URL, where the bucket serves it', async () => {
    const imageUrl = await uploadLogo(user.client)
    const response = await redirected.app.inject({ method: 'GET', url: imageUrl })
    expect(response.statusCode).toBe(302)
    expect(response.headers['cache-control']).toBe('public, max-age=86400')
    const location = `${s3.endpoint}/${s3.bucket}/stackatlas${imageUrl.slice('/uploads'.length)}`
    expect(response.headers.location).toBe(location)
    const fromBucket = await fetch(location)
    expect(fromBucket.status).toBe(200)
    expect(fromBucket.headers.get('content-type')).toBe('image/png')
    expect(fromBucket.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await sharp(Buffer.from(await fromBucket.arrayBuffer())).metadata()).format).toBe('png')
  })

  it("is checked against S3's own signature rules: every request the app made passed, a wrong secret is refused", async () => {
    expect(s3.refusals).toEqual([])
    const wrongSecret = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: 'not-the-secret' },
    })
    try {
      await expect(
        wrongSecret.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'stackatlas/any' })),
      ).rejects.toThrow(/signature we calculated does not match/)
    } finally {
      wrongSecret.destroy()
    }
    expect(s3.refusals).toEqual([`GET /${s3.bucket}/stackatlas/any?x-id=GetObject: SignatureDoesNotMatch`])
    s3.refusals.length = 0
  })

  it('answers 404 for a missing upload and for a share image asked as an upload', async () => {
    const missing = await served.app.inject({ method: 'GET', url: `/uploads/${KEY}` })
    expect(missing.statusCode).toBe(404)
    const card = await redirected.app.inject({ method: 'GET', url: '/uploads/share/tools%2F1.png' })
    expect(card.statusCode).toBe(404)
  })
})

describe('share images in S3 storage', () => {
  it('stores the card in the bucket, serves it through the app even with S3_PUBLIC_URL, and deletes it once the tool is unlisted', async () => {
    const tool = await buildTool(redirected.app.db, { name: 'Bucketed', slug: 'bucketed' })
    const card = await redirected.app.inject({ method: 'GET', url: toolShareImagePath(tool.slug) })
    expect(card.statusCode).toBe(200)
    expect(card.headers['content-type']).toBe('image/png')
    expect(card.headers.etag).toMatch(/^W\/"[0-9a-f]{32}"$/)
    const key = `stackatlas/share/tools/${tool.id}.png`
    expect(await objectKeys('stackatlas/share/')).toContain(key)
    expect(await objectBytes(key)).toEqual(card.rawPayload)

    const again = await redirected.app.inject({ method: 'GET', url: toolShareImagePath(tool.slug) })
    expect(again.rawPayload).toEqual(card.rawPayload)

    await redirected.app.db.update(tools).set({ isApproved: false }).where(eq(tools.id, tool.id))
    const refused = await redirected.app.inject({ method: 'GET', url: toolShareImagePath(tool.slug) })
    expect(refused.statusCode).toBe(404)
    expect(await objectKeys('stackatlas/share/')).not.toContain(key)
  })
})

describe('npm run storage:copy', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url))
  const node = path.join(root, 'node_modules/.bin/node')
  const cli = path.join(root, 'server/storage/storage-copy.cli.ts')

  async function runCopy(env: Record<string, string>) {
    // not spawnSync: the S3 server answers from this process. A clean environment: the operator's settings only.
    const result = await promisify(execFile)(node, [cli], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
      encoding: 'utf8',
      timeout: 60_000,
    }).then(
      (output) => ({ ...output, code: 0 }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    return { status: result.code, stdout: result.stdout.trim(), stderr: result.stderr.trim() }
  }

  /** A local upload folder with two uploads, a share image, a half-written file and a stray one. */
  async function uploadFolder() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stackatlas-copy-'))
    const files = {
      'logos/11111111-2222-4333-8444-555555555555.png': await png(),
      'avatars/66666666-7777-4888-8999-aaaaaaaaaaaa.jpg': await sharp(await png())
        .jpeg()
        .toBuffer(),
      'share/stacks/7.png': await png(32),
      'logos/11111111-2222-4333-8444-555555555555.png.41.partial': Buffer.from('half'),
      'notes.txt': Buffer.from('not an upload'),
    }
    for (const [name, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
      fs.writeFileSync(path.join(dir, name), bytes)
    }
    return { dir, files }
  }

  it('copies what is missing, skips what is there, and leaves the rest', async () => {
    const { dir, files } = await uploadFolder()
    const target = createS3Storage(s3SettingsOf(s3, { STORAGE_URL: `s3://${s3.bucket}/copied` }))
    try {
      await target.put('share/stacks/7.png', Buffer.from('already there'), 'image/png')
      const first = await copyUploadDir(dir, target)
      expect(first).toEqual({
        copied: 2,
        present: 1,
        ignored: ['logos/11111111-2222-4333-8444-555555555555.png.41.partial', 'notes.txt'],
      })
      expect(await objectKeys('copied/')).toEqual([
        'copied/avatars/66666666-7777-4888-8999-aaaaaaaaaaaa.jpg',
        'copied/logos/11111111-2222-4333-8444-555555555555.png',
        'copied/share/stacks/7.png',
      ])
      const avatar = await target.get('avatars/66666666-7777-4888-8999-aaaaaaaaaaaa.jpg')
      expect(avatar).toEqual({
        bytes: files['avatars/66666666-7777-4888-8999-aaaaaaaaaaaa.jpg'],
        contentType: 'image/jpeg',
      })
      // not overwritten
      expect((await target.get('share/stacks/7.png'))?.bytes.toString()).toBe('already there')
      expect(await copyUploadDir(dir, target)).toMatchObject({ copied: 0, present: 3 })
    } finally {
      target.close()
    }
  })

  it('runs as a command with the server settings and reports the counts', async () => {
    const { dir } = await uploadFolder()
    const env = { ...s3.env, STORAGE_URL: `s3://${s3.bucket}/command`, UPLOAD_DIR: dir }
    const first = await runCopy(env)
    expect(first.stderr).toBe('')
    expect(first.status).toBe(0)
    expect(first.stdout.split('\n')).toEqual([
      `3 copied, 0 already there, 2 ignored (${dir} to s3://${s3.bucket}/command/)`,
      '  ignored: logos/11111111-2222-4333-8444-555555555555.png.41.partial is not an upload or share image',
      '  ignored: notes.txt is not an upload or share image',
    ])
    expect(await objectKeys('command/')).toHaveLength(3)
    expect((await runCopy(env)).stdout.split('\n')[0]).toBe(
      `0 copied, 3 already there, 2 ignored (${dir} to s3://${s3.bucket}/command/)`,
    )
  })

  it('exits 1 without STORAGE_URL, with incomplete settings, and without the folder', async () => {
    const unset = await runCopy({ UPLOAD_DIR: os.tmpdir() })
    expect(unset.status).toBe(1)
    expect(unset.stderr).toMatch(/^STORAGE_URL is not set: nothing to copy the files into\./)
    const incomplete = await runCopy({ STORAGE_URL: 's3://bucket/prefix', S3_REGION: 'us-east-1' })
    expect(incomplete.status).toBe(1)
    expect(incomplete.stderr).toBe(
      'STORAGE_URL=s3://bucket/prefix needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_ENDPOINT too, unless the ' +
        'bucket is on AWS).',
    )
    const nowhere = path.join(os.tmpdir(), 'stackatlas-no-such-folder')
    const missing = await runCopy({ ...s3.env, UPLOAD_DIR: nowhere })
    expect(missing.status).toBe(1)
    expect(missing.stderr).toBe(
      `${nowhere} does not exist: nothing to copy. Set UPLOAD_DIR to the folder of the uploads.`,
    )
  })
})
