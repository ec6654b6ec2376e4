// Every field of a scan that leaves the server (contracts/scan.ts AnalyzeResponse).
import type { AnalyzeResponse, ScannedTool, ScanStage } from '#contracts/scan.ts'
import type { StoredScanTool } from '../../db/schema/scans.ts'
import type { ScanRow } from './scan.queries.ts'

/** A real progress figure for the wizard's indicator: each stage is a step of the work. */
const PROGRESS: Record<ScanStage, number> = {
  queued: 5,
  fetching: 20,
  analyzing: 55,
  mapping: 85,
  done: 100,
  failed: 100,
}

export function presentScan(scan: ScanRow, reused: boolean): AnalyzeResponse {
  return {
    state: scan.state,
    stage: scan.stage,
    progress: PROGRESS[scan.stage],
    url: scan.url,
    kind: scan.kind,
    // while scanning: what was found so far (scan.service.ts stores it as each stage ends)
    tools: scan.state === 'failed' ? [] : scan.tools.map(presentTool),
    error: scan.error,
    started_at: scan.startedAt.toISOString(),
    finished_at: scan.finishedAt?.toISOString() ?? null,
    reused,
  }
}

function presentTool(tool: StoredScanTool): ScannedTool {
  return {
    name: tool.name,
    slug: tool.slug,
    category: tool.category,
    is_package: tool.is_package,
    // results stored before issue 19's second round did not keep it
    package_ecosystem: tool.package_ecosystem ?? null,
    version: tool.version,
    sources: tool.sources,
    // results stored before confidence was kept named their tools by files and sure fingerprints
    confidence: tool.confidence ?? 100,
  }
}
