// GET /api/v1/comments: the comments on a tool, stack or company with their replies (spec §7 Comments).
import { queryOptions } from '@tanstack/react-query'
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
