// GET /api/v1/admin/audit/export with the same filters: JSON lines, downloaded by the browser (a link, not fetch:
// the file streams straight to disk whatever its size).
import { withQuery } from '../../../lib/api.ts'
import type { AuditFilters } from './get-audit-events.ts'

export function auditExportUrl(filters: AuditFilters): string {
  return withQuery('/api/v1/admin/audit/export', { ...filters })
}
