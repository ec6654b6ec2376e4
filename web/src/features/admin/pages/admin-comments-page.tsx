// /admin/comments: the queue of flagged comments (moderators and admins).
import { FlaggedCommentsQueue } from '../components/flagged-comments-queue.tsx'

export default function AdminCommentsPage() {
  return <FlaggedCommentsQueue />
}
