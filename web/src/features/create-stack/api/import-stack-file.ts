// POST /api/v1/stacks/import: a stack created (or its tools replaced) from a stack file; answers the stack and the
// file's entries that are not in it.
import { useMutation } from '@tanstack/react-query'
import type { ImportStackBody, ImportStackResponse } from '#contracts/stack-files.ts'
import { apiFetch } from '../../../lib/api.ts'

export function importStackFile(body: ImportStackBody): Promise<ImportStackResponse> {
  return apiFetch<ImportStackResponse>('/api/v1/stacks/import', { method: 'POST', body })
}

export function useImportStackFile() {
  return useMutation({ mutationFn: importStackFile })
}
