import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient } from '../test/client.ts'
import { buildUser, type TestUser } from '../test/factories.ts'
import { createTestApp, type TestContext } from '../test/harness.ts'

let ctx: TestContext
let user: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  user = await buildUser(ctx.app)
})
afterAll(() => ctx.close())

const boundary = '----stackatlas-test-boundary'

function multipart(file: Buffer, filename: string, contentType: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
}

function upload(client: TestClient, file: Buffer, filename = 'logo.png', contentType = 'image/png') {
  return client.request('POST', '/api/v1/uploads/logo', multipart(file, filename, contentType), {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  })
}

const image = (format: 'png' | 'jpeg' | 'gif', size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer()

describe('POST /api/v1/uploads/logo', () => {
  it('re-encodes a PNG, stores it and serves it from /uploads/', async () => {
    const response = await upload(user.client, await image('png', 1200))
    expect(response.status).toBe(200)
    expect(response.body.image_url).toMatch(/^\/uploads\/logos\/[0-9a-f-]{36}\.png$/)
    const served = await ctx.app.inject({ method: 'GET', url: response.body.image_url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata).toMatchObject({ format: 'png', width: 512, height: 512 })
  })

  it('accepts a JPEG and stores it as .jpg', async () => {
    const response = await upload(user.client, await image('jpeg'), 'photo.jpeg', 'image/jpeg')
    expect(response.status).toBe(200)
    expect(response.body.image_url).toMatch(/\.jpg$/)
  })

  it('answers 400 for other formats, whatever the file claims to be', async () => {
    const gif = await upload(user.client, await image('gif'), 'logo.png', 'image/png')
    expect(gif.status).toBe(400)
    expect(gif.body.error.fields).toEqual({ image: ['must be a PNG or JPEG image'] })
    const html = await upload(user.client, Buffer.from('<script>alert(1)</script>'), 'logo.png', 'image/png')
    expect(html.status).toBe(400)
    expect(html.body.error.fields).toEqual({ image: ['must be a PNG or JPEG image'] })
  })

  it('answers 413 for a file over 2 MB', async () => {
    const response = await upload(user.client, Buffer.alloc(2 * 1024 * 1024 + 1, 1))
    expect(response.status).toBe(413)
    expect(response.body.error.fields).toEqual({ image: ['is too large (maximum is 2 MB)'] })
  })

  it('answers 400 for a truncated form', async () => {
    const response = await user.client.request('POST', '/api/v1/uploads/logo', `--${boundary}\r\nbroken`, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toEqual({ image: ['could not be read from the form'] })
  })

  it('answers 400 without a file and 401 when signed out', async () => {
    const empty = await user.client.post('/api/v1/uploads/logo', {})
    expect(empty.status).toBe(400)
    expect(empty.body.error.fields).toEqual({ image: ["can't be blank"] })
    const signedOut = await upload(new TestClient(ctx.app), await image('png'))
    expect(signedOut.status).toBe(401)
  })
})

describe('GET /uploads/{folder}/{file}', () => {
  it('answers 404 for a missing file and for names storage never makes', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/uploads/logos/00000000-0000-0000-0000-000000000000.png',
    })
    expect(missing.statusCode).toBe(404)
    const traversal = await ctx.app.inject({ method: 'GET', url: '/uploads/..%2F..%2Fetc/passwd' })
    expect(traversal.statusCode).toBe(404)
    const other = await ctx.app.inject({ method: 'GET', url: '/uploads/logos/evil.html' })
    expect(other.statusCode).toBe(404)
  })
})
