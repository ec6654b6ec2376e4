// A link to one comment ('/tools/redis#comment-12': what notifications point at, decision 038). The comments load
// after the page, lazily, so the browser's own jump to the anchor finds nothing: once they are here, the list shows
// the comment even when it sits behind 'View More Comments', scrolls it into view and focuses it, once per link,
// and the comment stays marked while the address points at it.
import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { type Comment, commentAnchor, commentIdFromHash } from '#contracts/comments.ts'

export function containsComment(threads: Comment[], id: number): boolean {
  return threads.some((thread) => thread.id === id || thread.children.some((child) => child.id === id))
}

/** The comment the address points at, when among `threads`; scrolled into view and focused once it has rendered. */
export function useCommentAnchor(threads: Comment[]): { targetId: number | null } {
  const { hash } = useLocation()
  const id = commentIdFromHash(hash)
  const targetId = id !== null && containsComment(threads, id) ? id : null
  const handled = useRef<string | null>(null)

  useEffect(() => {
    if (targetId === null || handled.current === hash) return
    // after the list (opened up to the comment if need be) has been drawn
    const frame = requestAnimationFrame(() => {
      const element = document.getElementById(commentAnchor(targetId))
      if (!element) return
      handled.current = hash
      element.scrollIntoView({ block: 'center' })
      element.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [hash, targetId])

  return { targetId }
}
