// /admin/tools: the queue of tools submitted for approval (moderators and admins).
import { ApprovalQueue } from '../components/approval-queue.tsx'

export default function AdminToolsPage() {
  return <ApprovalQueue />
}
