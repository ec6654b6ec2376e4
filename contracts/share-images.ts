// Where the share images (the 1200x630 PNG cards that link previews show, og:image) of public pages live: plain
// functions, no zod, so the page renderer and the server build the same addresses. Decision 044.
import { stackupSlug } from './tool-page-meta.ts'

export const SHARE_IMAGE_WIDTH = 1200
export const SHARE_IMAGE_HEIGHT = 630
export const SHARE_IMAGE_EXTENSION = '.png'

/** Every share image's address starts here (and 'share' is a reserved owner handle). */
export const SHARE_IMAGE_PREFIX = '/share'

const file = (slug: string) => `${encodeURIComponent(slug)}${SHARE_IMAGE_EXTENSION}`

export const toolShareImagePath = (slug: string) => `${SHARE_IMAGE_PREFIX}/tools/${file(slug)}`

export const stackShareImagePath = (ownerSlug: string, stackSlug: string) =>
  `${SHARE_IMAGE_PREFIX}/stacks/${encodeURIComponent(ownerSlug)}/${file(stackSlug)}`

export const companyShareImagePath = (slug: string) => `${SHARE_IMAGE_PREFIX}/companies/${file(slug)}`

/** The comparison's card, in the canonical order of its page (stackupSlug): either order gives the same path. */
export const stackupShareImagePath = (first: string, second: string) =>
  `${SHARE_IMAGE_PREFIX}/stackups/${file(stackupSlug(first, second))}`
