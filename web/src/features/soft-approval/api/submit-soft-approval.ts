// POST /api/v1/services/submit_soft_approval: body id and service {name, title, image_url, description,
// twitter_username, features}; answers id and image_url (spec §7). The tool then shows as pending (§4).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  SoftApprovalServiceValues,
  SoftApprovalToolsResponse,
  SubmitSoftApprovalResponse,
} from '#contracts/soft-approval.ts'
import { apiFetch } from '../../../lib/api.ts'
import { softApprovalToolsQuery } from './get-soft-approval-tools.ts'

export const submitSoftApproval = (input: { id: number; service: SoftApprovalServiceValues }) =>
  apiFetch<SubmitSoftApprovalResponse>('/api/v1/services/submit_soft_approval', { method: 'POST', body: input })

export function useSubmitSoftApproval() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitSoftApproval,
    onSuccess: (answer, { service }) => {
      // spec §4: the tool leaves the unsubmitted list and joins the pending list at once
      queryClient.setQueryData<SoftApprovalToolsResponse>(softApprovalToolsQuery.queryKey, (data) =>
        data
          ? {
              tools: data.tools.map((tool) =>
                tool.id === answer.id
                  ? {
                      ...tool,
                      ...service,
                      image_url: answer.image_url,
                      custom_image_url: service.image_url,
                      submitted_for_approval: true,
                      rejection_reason: null,
                      rejected_at: null,
                    }
                  : tool,
              ),
            }
          : data,
      )
      return queryClient.invalidateQueries({ queryKey: softApprovalToolsQuery.queryKey })
    },
  })
}
