// GET /share/tools/{slug}.png, /share/stacks/{ownerSlug}/{stackSlug}.png, /share/companies/{slug}.png and
// /share/stackups/{a}-vs-{b}.png: the 1200x630 cards link previews show (og:image; addresses in
// contracts/share-images.ts). Each request reads the card's inputs in one statement; their hash is the ETag and names
// the stored drawing, so a card is drawn once per change of what it shows. Private stacks, private-mode companies
// and unlisted tools have no card: 404, and a card stored before they went private is deleted. Decision 044.
// A private site (SITE_MODE=private) is previewed by nobody outside: no cards at all (decision 053).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorEnvelope } from '#contracts/errors.ts'
import { SHARE_IMAGE_EXTENSION, stackupShareImagePath } from '#contracts/share-images.ts'
import { splitStackupSlug, stackupSlug } from '#contracts/tool-page-meta.ts'
import { cachePublicly, etagMatches } from '../../http/cache.ts'
import { notFound } from '../../http/errors.ts'
import { isPublicTool } from '../tools/tool-page.service.ts'
import { createShareImageStore } from './share-image-store.ts'
import { findCompanyCard, findStackCard, findToolCards } from './share-images.queries.ts'
import {
  type CardInputs,
  companyCardInputs,
  drawShareCard,
  hashCardInputs,
  isPublicStack,
  shareImageKeys,
  stackCardInputs,
  stackupCardInputs,
  toolCardInputs,
} from './share-images.service.ts'

const tags = ['share-images']
/** Fresh for an hour, then served stale for another while a cache asks again (a 304 while the inputs hold). */
const SHARE_IMAGE_MAX_AGE = 3600
const Png = z.unknown().describe('image/png, 1200x630')
const File = z.string().max(210).describe('{slug}.png')
const responses = { 200: Png, 301: z.unknown(), 304: z.unknown(), 404: ErrorEnvelope }

/** 'react.png' gives 'react'; anything else is no card. */
function slugOf(file: string): string {
  if (!file.endsWith(SHARE_IMAGE_EXTENSION) || file.length === SHARE_IMAGE_EXTENSION.length) throw notFound()
  return file.slice(0, -SHARE_IMAGE_EXTENSION.length).toLowerCase()
}

export const shareImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.siteMode === 'private') return
  const { storage } = app
  const store = createShareImageStore(storage)
  const site = app.config.siteName

  async function sendCard(request: FastifyRequest, reply: FastifyReply, key: string, inputs: CardInputs) {
    const hash = hashCardInputs(inputs)
    // weak: the hash names what the card shows, not its exact bytes (a new resvg may encode them differently)
    const etag = `W/"${hash}"`
    cachePublicly(reply, SHARE_IMAGE_MAX_AGE)
    reply
      .header('etag', etag)
      // previews are shown on other sites: helmet's same-origin default would block them there
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send()
    const png = await store.load(key, hash, () =>
      drawShareCard(app.db, storage, inputs, (error) =>
        request.log.warn({ err: error, key }, 'share image: a logo could not be drawn; drawn with initials'),
      ),
    )
    return reply.type('image/png').send(png)
  }

  /** Not public: no card, and none left in storage from when it was. */
  async function refuse(key: string): Promise<never> {
    await store.forget(key)
    throw notFound()
  }

  app.get(
    '/share/tools/:file',
    {
      schema: {
        tags,
        summary: "A listed tool's share image: logo, name, title, stacks, followers and votes",
        params: z.object({ file: File }),
        response: responses,
      },
    },
    async (request, reply) => {
      const [tool] = await findToolCards(app.db, [slugOf(request.params.file)])
      if (!tool) throw notFound()
      const key = shareImageKeys.tool(tool.id)
      if (!isPublicTool(tool)) return refuse(key)
      return sendCard(request, reply, key, toolCardInputs(site, tool))
    },
  )

  app.get(
    '/share/stacks/:ownerSlug/:file',
    {
      schema: {
        tags,
        summary: "A public stack's share image: logo, name, owner, its tools' logos and counts",
        params: z.object({ ownerSlug: z.string().max(100), file: File }),
        response: responses,
      },
    },
    async (request, reply) => {
      const { ownerSlug, file } = request.params
      const stack = await findStackCard(app.db, ownerSlug.toLowerCase(), slugOf(file))
      if (!stack) throw notFound()
      const key = shareImageKeys.stack(stack.id)
      if (!isPublicStack(stack)) return refuse(key)
      return sendCard(request, reply, key, stackCardInputs(site, stack))
    },
  )

  app.get(
    '/share/companies/:file',
    {
      schema: {
        tags,
        summary: "A company's share image (not in private mode): logo, name, its stacks, tools and followers",
        params: z.object({ file: File }),
        response: responses,
      },
    },
    async (request, reply) => {
      const company = await findCompanyCard(app.db, slugOf(request.params.file))
      if (!company) throw notFound()
      const key = shareImageKeys.company(company.id)
      if (company.privateMode) return refuse(key)
      return sendCard(request, reply, key, companyCardInputs(site, company))
    },
  )

  app.get(
    '/share/stackups/:file',
    {
      schema: {
        tags,
        summary: "A comparison's share image ('{a}-vs-{b}.png'; the other order redirects to this one)",
        params: z.object({ file: z.string().max(430).describe('{a}-vs-{b}.png') }),
        response: responses,
      },
    },
    async (request, reply) => {
      const pair = slugOf(request.params.file)
      // the first reading of the pair whose two tools exist and are listed, as the comparison page reads it
      for (const [first, second] of splitStackupSlug(pair)) {
        if (first === second) continue
        const rows = await findToolCards(app.db, [first, second])
        const a = rows.find((row) => row.slug === first)
        const b = rows.find((row) => row.slug === second)
        if (!a || !b) continue
        const key = shareImageKeys.stackup(a.id, b.id)
        if (!isPublicTool(a) || !isPublicTool(b)) {
          await store.forget(key)
          continue
        }
        if (pair !== stackupSlug(first, second)) return reply.redirect(stackupShareImagePath(first, second), 301)
        return sendCard(request, reply, key, stackupCardInputs(site, a, b))
      }
      throw notFound()
    },
  )
}
