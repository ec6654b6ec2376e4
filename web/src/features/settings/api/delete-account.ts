// POST /users/delete: deletes the account (confirmed by the username) and signs it out everywhere.
import type { DeleteAccountBody, DeletedResponse } from '#contracts/deletion.ts'
import { apiFetch } from '../../../lib/api.ts'

export const deleteAccount = (body: DeleteAccountBody) =>
  apiFetch<DeletedResponse>('/users/delete', { method: 'POST', body })
