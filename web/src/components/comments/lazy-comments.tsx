// What pages import: the comments widget, loaded on its own so a page's first load stays small (spec §7 Other: the
// markdown editor loads lazily). A quiet placeholder holds the place meanwhile.
import { Suspense } from 'react'
import { lazyPart } from '../../lib/lazy-part.tsx'
import type { CommentsSectionProps } from './comments-section.tsx'

const CommentsSection = lazyPart('comments', () => import('./comments-section.tsx').then((m) => m.default))

export function Comments(props: CommentsSectionProps) {
  return (
    <Suspense fallback={<div className="mt-10 h-8" aria-hidden="true" />}>
      <CommentsSection {...props} />
    </Suspense>
  )
}
