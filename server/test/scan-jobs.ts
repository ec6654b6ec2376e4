// Waits for a queued scan to end, whichever instance's worker runs it: scans are jobs now (decision 057), so a test
// reads the scan row rather than waiting on one instance.
import type { Db } from '../db/client.ts'
import { findScan, type ScanRow } from '../modules/scan/scan.queries.ts'

export async function waitForScanEnd(db: Db, scanId: number, timeoutMs = 60_000): Promise<ScanRow> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const row = await findScan(db, scanId)
    if (row && row.state !== 'scanning') return row
    if (Date.now() > deadline) throw new Error(`scan ${scanId} did not end within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
