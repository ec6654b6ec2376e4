// Every URL the API accepts that may become a link: http(s) only (decision 036). The rule itself is httpUrlOf
// (contracts/http-links.ts), which pages also render stored addresses through.
import { z } from 'zod'
import { httpUrlOf } from './http-links.ts'

export const HTTP_URL_INVALID = 'must be an http:// or https:// address'

/**
 * Every URL the API accepts passes this after its own field rules (spec lengths and patterns): no scheme but
 * http(s). Used as `.pipe(HttpUrl)`, the field keeps its value as typed.
 */
export const HttpUrl = z.string().refine((value) => httpUrlOf(value) !== null, HTTP_URL_INVALID)
