// Logo uploads for stacks and companies: POST /api/v1/uploads/logo (multipart, one PNG or JPEG file), answered with
// the image_url to send with the stack or company; POST /api/v1/uploads/avatar, the onboarding's profile photo cut
// 1:1; GET /uploads/{folder}/{file} serves what storage holds, or redirects to its public address (S3_PUBLIC_URL,
// decision 055).
import crypto from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../http/auth-guard.ts'
import { LEAVES_PUBLIC_CONTENT } from '../http/content-changes.ts'
import { badRequest, HttpError, notFound } from '../http/errors.ts'
import { ImageRejected, LOGO_MAX_BYTES, reencodeAvatar, reencodeLogo } from './images.ts'
import { STORAGE_KEY_PATTERN, UPLOAD_CACHE_CONTROL, uploadUrl } from './storage.ts'

const tags = ['uploads']
const LOGO_TOO_LARGE = `is too large (maximum is ${LOGO_MAX_BYTES / 1024 / 1024} MB)`
const NO_FILE = "can't be blank"
const UNREADABLE = 'could not be read from the form'
/** How long a browser or CDN may keep the redirect to an upload's public address. */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400'

export const UploadLogoResponse = z.object({ image_url: z.string() })
/** The square chosen in the crop dialog, in the upright image's pixels; without it the centred square is kept. */
const CropNumber = (minimum: number) => z.coerce.number().int().min(minimum).max(100_000).optional()
export const AvatarCropQuery = z.object({ x: CropNumber(0), y: CropNumber(0), size: CropNumber(1) })

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploadRateLimit = app.config.rateLimitEnabled ? { rateLimit: { max: 30, timeWindow: '1 minute' } } : {}
  const { storage } = app

  app.post(
    '/api/v1/uploads/logo',
    {
      schema: {
        tags,
        summary: 'Upload a logo (PNG or JPEG, at most 2 MB); answers its image_url',
        consumes: ['multipart/form-data'],
        response: { 200: UploadLogoResponse },
      },
      config: { ...LEAVES_PUBLIC_CONTENT, ...uploadRateLimit },
    },
    async (request) => {
      await requireUser(request)
      const bytes = await readUploadedImage(request)
      const logo = await reencodeOrReject(() => reencodeLogo(bytes))
      const key = `logos/${crypto.randomUUID()}.${logo.extension}`
      await storage.put(key, logo.bytes, logo.extension === 'png' ? 'image/png' : 'image/jpeg')
      return { image_url: uploadUrl(key) }
    },
  )

  app.post(
    '/api/v1/uploads/avatar',
    {
      schema: {
        tags,
        summary:
          'Upload a profile photo (PNG or JPEG, at most 2 MB), cut to the square x, y, size; answers its image_url',
        consumes: ['multipart/form-data'],
        querystring: AvatarCropQuery,
        response: { 200: UploadLogoResponse },
      },
      config: { ...LEAVES_PUBLIC_CONTENT, ...uploadRateLimit },
    },
    async (request) => {
      await requireUser(request)
      const bytes = await readUploadedImage(request)
      const { x, y, size } = request.query
      const crop = x !== undefined && y !== undefined && size !== undefined ? { x, y, size } : undefined
      const avatar = await reencodeOrReject(() => reencodeAvatar(bytes, crop))
      const key = `avatars/${crypto.randomUUID()}.${avatar.extension}`
      await storage.put(key, avatar.bytes, avatar.extension === 'png' ? 'image/png' : 'image/jpeg')
      return { image_url: uploadUrl(key) }
    },
  )

  app.get(
    '/uploads/:folder/:file',
    { schema: { hide: true, params: z.object({ folder: z.string(), file: z.string() }) } },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.file}`
      // uploads only: a share image ('share/...', reachable as /uploads/share/stacks%2F1.png) is served by /share/...,
      // which checks every time that its stack or company is still public
      if (!STORAGE_KEY_PATTERN.test(key)) throw notFound()
      const direct = storage.directUrl(key)
      // not permanent: the operator may move the bucket or its CDN, and the rows keep this address
      if (direct) return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(direct, 302)
      const stored = await storage.get(key)
      if (!stored) throw notFound()
      return reply
        .type(stored.contentType)
        .header('cache-control', UPLOAD_CACHE_CONTROL)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(stored.bytes)
    },
  )
}

/** The one PNG or JPEG file of a multipart form, or the envelope's answer for what went wrong reading it. */
async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } })
    if (!file) throw badRequest(`Image ${NO_FILE}.`, { image: [NO_FILE] })
    return await file.toBuffer()
  } catch (error) {
    if (error instanceof HttpError) throw error
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'payload_too_large', `Image ${LOGO_TOO_LARGE}.`, {
        fields: { image: [LOGO_TOO_LARGE] },
      })
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(`Image ${NO_FILE}.`, { image: [NO_FILE] })
    // Whatever else goes wrong while reading the form (a truncated body, too many parts) is the client's input.
    throw badRequest(`Image ${UNREADABLE}.`, { image: [UNREADABLE] })
  }
}

async function reencodeOrReject<T>(reencode: () => Promise<T>): Promise<T> {
  try {
    return await reencode()
  } catch (error) {
    if (error instanceof ImageRejected) throw badRequest(`Image ${error.message}.`, { image: [error.message] })
    throw error
  }
}
