// GET /api/v1/analyze?url=: starts a scan of a website or repository, joins the running one, or answers a recent
// result. The scan step polls it (hooks/use-scan.ts), so this is a plain fetcher rather than a query.
import type { AnalyzeResponse } from '#contracts/scan.ts'
import { apiFetch } from '../../../lib/api.ts'

export function analyzeUrl(url: string, signal?: AbortSignal): Promise<AnalyzeResponse> {
  return apiFetch<AnalyzeResponse>('/api/v1/analyze', { query: { url }, signal })
}
