// Which comments the widget shows while collapsed (specs/stack-match-and-community.md §2 'Comments widget', §9;
// decision 023): a reply is a comment, so 'Comments (n)', the first 5 shown, 'View More Comments' and 'Scroll to
// Bottom' all count the same things, in reading order (a thread, then its replies).
import { COMMENTS_INITIALLY_VISIBLE, type Comment } from '#contracts/comments.ts'

/** Every comment in the threads, replies included: the n of 'Comments (n)'. */
export function countComments(threads: Comment[]): number {
  return threads.reduce((total, thread) => total + 1 + thread.children.length, 0)
}

/** Whether some comments wait behind 'View More Comments' (and 'Scroll to Bottom' shows). */
export function hasHiddenComments(threads: Comment[]): boolean {
  return countComments(threads) > COMMENTS_INITIALLY_VISIBLE
}

/** The first `limit` comments in reading order: whole threads, the last one cut after its first replies. */
export function firstComments(threads: Comment[], limit = COMMENTS_INITIALLY_VISIBLE): Comment[] {
  const shown: Comment[] = []
  let left = limit
  for (const thread of threads) {
    if (left === 0) break
    const children = thread.children.slice(0, left - 1)
    shown.push(children.length === thread.children.length ? thread : { ...thread, children })
    left -= 1 + children.length
  }
  return shown
}
