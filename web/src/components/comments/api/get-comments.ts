// GET /api/v1/comments: the comments on a tool, stack or company with their replies (spec §7 Comments).
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import type { Comment, CommentableType } from '#contracts/comments.ts'
import { apiFetch } from '../../../lib/api.ts'

export interface Commentable {
  type: CommentableType
  id: number
}

export const commentsQuery = (commentable: Commentable) =>
  queryOptions({
    queryKey: ['comments', commentable.type, commentable.id],
    queryFn: ({ signal }) =>
      apiFetch<Comment[]>('/api/v1/comments', {
        query: { commentable_type: commentable.type, commentable_id: commentable.id },
        signal,
      }),
  })

/**
 * On the server, a page's comments are loaded with the page (its prefetch), so they arrive in its HTML; nothing when
 * the page's subject was not found (its prefetch answered the error).
 */
export function prefetchComments(queryClient: QueryClient, commentable: Commentable | undefined) {
  return commentable ? queryClient.prefetchQuery(commentsQuery(commentable)) : Promise.resolve()
}
