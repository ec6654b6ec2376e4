// The scan step of the create-stack wizard (specs/stack-creation-and-editing.md §2 scan, §4 Scan state, §5, §7):
// GET /api/v1/analyze and GET /stacks/url_exists, shared by the server and the web.
import { z } from 'zod'
import { apiSchemas } from './api-schemas.ts'

export const SCAN_URL_INVALID_MESSAGE = 'Url format is invalid.'
export const SCAN_EMPTY_MESSAGE = "We can't find anything, type in another URL or click 'Skip'"
export const STACK_CLAIMED_MESSAGE = 'This stack already exists.'
/** spec §9: the wizard polls every 2 s and gives up after 30 s. */
export const SCAN_POLL_INTERVAL_MS = 2000
export const SCAN_TIMEOUT_MS = 30_000
/** spec §4: shown in this order while scanning. */
export const SCAN_PROGRESS_NOTES = [
  'URL looks good!',
  'Initializing import...',
  'Firing up analysis engine...',
  'Performing super sophisticated analysis...',
] as const

/** spec §5: 2-256 characters, a dot, a TLD of 2-14 letters (scheme, port and path optional). */
const SCAN_URL_PATTERN = /^(https?:\/\/)?([\da-z-]+\.)+[a-z]{2,14}\.?(:\d{1,5})?([/?#]\S*)?$/i

export function isScanUrlFormatValid(value: string): boolean {
  const url = value.trim()
  return url.length >= 2 && url.length <= 256 && SCAN_URL_PATTERN.test(url)
}

/** GitHub URLs skip the "already exists" check (spec §5). */
export function isGithubUrl(value: string): boolean {
  return /^(https?:\/\/)?(www\.)?github\.com\//i.test(value.trim())
}

/** The spec's rule (§5) as a field error, so a missing, repeated or over-long url reads 'Url format is invalid.' */
const SCAN_URL_FIELD_ERROR = 'format is invalid'

export const AnalyzeQuery = z.object({
  url: z
    .string({ error: SCAN_URL_FIELD_ERROR })
    .max(256, SCAN_URL_FIELD_ERROR)
    .describe('Website or repository URL (2-256 characters): https://example.com, https://github.com/owner/repo'),
})

export const ScanState = z.enum(['scanning', 'done', 'failed'])
export type ScanState = z.infer<typeof ScanState>

/** Where a running scan is, for a real progress indicator: each stage maps to one of SCAN_PROGRESS_NOTES. */
export const ScanStage = z.enum(['queued', 'fetching', 'analyzing', 'mapping', 'done', 'failed'])
export type ScanStage = z.infer<typeof ScanStage>

export const ScannedTool = z
  .object({
    name: z.string(),
    slug: z.string(),
    category: z.string().nullable(),
    is_package: z.boolean(),
    /**
     * A package's registry (npm, pypi, rubygems, go, cargo, packagist, maven, nuget, pub, hex, swift), null for other
     * tools. A dependency that is a catalog tool comes twice: the tool (React) and its package (npm react-dom).
     */
    package_ecosystem: z.string().nullable(),
    version: z.string().nullable(),
    /** Provenance: a file ('apps/api/package.json') or a page signal ('meta generator', 'header server'). */
    sources: z.array(z.string()),
    /**
     * How sure the scan is, 0-100: 100 for a file that names the tool, a website fingerprint's own confidence
     * (Wappalyzer patterns may count for less than 100; matches under 50 are dropped). The highest of its signals.
     */
    confidence: z.number().int().min(0).max(100),
  })
  .register(apiSchemas, { id: 'ScannedTool' })
export type ScannedTool = z.infer<typeof ScannedTool>

export const AnalyzeResponse = z
  .object({
    state: ScanState,
    stage: ScanStage,
    /** 0-100, from the stage. */
    progress: z.number().int().min(0).max(100),
    /** The URL as scanned (scheme added, normalized). */
    url: z.string(),
    kind: z.enum(['website', 'repository', 'folder']),
    /**
     * Detected tools; empty with state 'done' means nothing was found. While scanning: the catalog tools found so far
     * (the wizard shows them as they are found); package tools come with the final answer.
     */
    tools: z.array(ScannedTool),
    /** Why a failed scan failed, shown as is. */
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
    /** True when a recent result for the same URL was reused instead of scanning again. */
    reused: z.boolean(),
  })
  .register(apiSchemas, { id: 'AnalyzeResponse' })
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>

export const UrlExistsQuery = z.object({ url: z.string().max(4096) })

export const UrlExistsResponse = z
  .object({
    claimed: z.boolean(),
    /** '/{ownerSlug}/{stackSlug}' of the stack that has this website, or null. */
    path: z.string().nullable(),
  })
  .register(apiSchemas, { id: 'UrlExistsResponse' })
export type UrlExistsResponse = z.infer<typeof UrlExistsResponse>

/** The CLI's --json tool: exactly name, slug, category, is_package, version and sources (issue 3). */
/**
 * Detections this confident are preselected by the create-stack wizard; the others are shown as suggestions (issue
 * 19: editor and bot settings, GitHub from a .github folder alone, minor languages carry 50). docs/scanner.md
 */
export const SCAN_PRESELECT_CONFIDENCE = 80

/**
 * The CLI's tool: the API's without confidence, with its other names (issue 19: compare by name): a catalog tool's, or a
 * package's short names (testify, the artifactId) and its publishing project's (spring-data, octokit; decision 069).
 */
export const ScanCliTool = ScannedTool.omit({ confidence: true, package_ecosystem: true }).extend({
  aliases: z.array(z.string()),
})
export type ScanCliTool = z.infer<typeof ScanCliTool>

/** The CLI's --json output: exactly {"tools": [...]} (issue 3). */
export const ScanCliOutput = z.object({ tools: z.array(ScanCliTool) })

/** A monorepo's workspace as the CLI's --by-workspace lists it: its folder, its name, what declares it, its tools. */
export const ScanCliWorkspace = z.object({
  path: z.string(),
  name: z.string(),
  kind: z.enum(['npm', 'pnpm', 'cargo', 'go', 'maven', 'gradle', 'uv']),
  tools: z.array(ScanCliTool),
})
export type ScanCliWorkspace = z.infer<typeof ScanCliWorkspace>

/** The CLI's --json --by-workspace output: the whole repository's tools, then each workspace's (issue 19). */
export const ScanCliWorkspacesOutput = ScanCliOutput.extend({ workspaces: z.array(ScanCliWorkspace) })
