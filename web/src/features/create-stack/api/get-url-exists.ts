// GET /stacks/url_exists?url=: whether a public stack already has this website (spec §5 'This stack already exists.').
import type { UrlExistsResponse } from '#contracts/scan.ts'
import { apiFetch } from '../../../lib/api.ts'

export function getUrlExists(url: string, signal?: AbortSignal): Promise<UrlExistsResponse> {
  return apiFetch<UrlExistsResponse>('/stacks/url_exists', { query: { url }, signal })
}
