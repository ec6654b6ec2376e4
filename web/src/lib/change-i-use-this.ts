// POST /stacks/i_use_this/{serviceId} with {stack_id, added}: puts the tool into one of the user's stacks or takes
// it out. The menu shows the change at once and puts it back if the server refuses.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { IUseThisResponse, IUseThisStack } from '#contracts/stacks.ts'
import { apiFetch } from './api.ts'
import { iUseThisStacksQuery } from './get-i-use-this-stacks.ts'

export interface IUseThisChange {
  stack_id: number
  added: boolean
}

export function changeIUseThis(serviceId: number, change: IUseThisChange) {
  return apiFetch<{ stack: IUseThisStack }>(`/stacks/i_use_this/${serviceId}`, { method: 'POST', body: change })
}

function markStack(data: IUseThisResponse | undefined, stackId: number, added: boolean) {
  if (!data) return data
  const mark = (stack: IUseThisStack) => (stack.id === stackId ? { ...stack, added } : stack)
  return { companyStacks: data.companyStacks.map(mark), personalStacks: data.personalStacks.map(mark) }
}

export function useChangeIUseThis(serviceId: number, options: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient()
  const { queryKey } = iUseThisStacksQuery(serviceId)
  return useMutation({
    mutationFn: (change: IUseThisChange) => changeIUseThis(serviceId, change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey })
      queryClient.setQueryData(queryKey, (data) => markStack(data, change.stack_id, change.added))
    },
    onError: (_error, change) => {
      queryClient.setQueryData(queryKey, (data) => markStack(data, change.stack_id, !change.added))
    },
    onSuccess: ({ stack }) => {
      queryClient.setQueryData(queryKey, (data) => markStack(data, stack.id, stack.added))
      options.onChanged?.()
    },
  })
}
