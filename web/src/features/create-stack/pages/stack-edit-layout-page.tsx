// /stack-edit/{ownerSlug}/{stackSlug}/* (spec §2 Stack edit area): loads the stack for its editor (a 404 shows the
// not-found page through the route's error element, a 403 the 403 page), then the 'Editing Your Stack' header, the timeline, the
// 5-second banners and the section pages.
import type { MouseEvent } from 'react'
import { Outlet, useLocation, useNavigate, useParams } from 'react-router'
import { Forbidden } from '../../../components/forbidden.tsx'
import { RequireSignIn } from '../../../components/require-sign-in.tsx'
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useStackForEdit } from '../api/get-stack-for-edit.ts'
import { TimedBanner } from '../components/timed-banner.tsx'
import { Timeline, type TimelineStep } from '../components/timeline.tsx'
import { StackEditorProvider, useStackEditor } from '../state/stack-editor-context.tsx'

export default function StackEditLayoutPage() {
  return <RequireSignIn reason="Sign in to edit this stack.">{(user) => <StackEditLoader user={user} />}</RequireSignIn>
}

function StackEditLoader({ user }: { user: Parameters<typeof StackEditorProvider>[0]['user'] }) {
  const { ownerSlug = '', stackSlug = '' } = useParams()
  const stack = useStackForEdit(ownerSlug, stackSlug, { enabled: true })
  // Someone who may see the stack but not edit it (the server's 403) gets the 403 page, with the server's reason.
  if (stack.error instanceof ApiError && stack.error.status === 403) return <Forbidden message={stack.error.message} />
  // spec §2: a 404 shows 'Sorry, we couldn't find that page :(' (the route's error element); other failures too
  if (stack.error) throw stack.error
  if (stack.isPending)
    return (
      <LoadingRegion label="Loading your stack" className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-6 w-96 max-w-full" />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </LoadingRegion>
    )
  return (
    <StackEditorProvider key={stack.data.id} initialStack={stack.data} user={user}>
      <StackEditFrame />
    </StackEditorProvider>
  )
}

const STEP_OF: Record<string, TimelineStep> = { info: 0, 'new-company': 0, 'tool-selection': 1, 'tool-details': 2 }

function StackEditFrame() {
  const editor = useStackEditor()
  const navigate = useNavigate()
  const section = useLocation().pathname.split('/').filter(Boolean).at(-1) ?? 'info'
  const current = STEP_OF[section] ?? 0
  useDocumentTitle(`Edit ${editor.stack.name}`)
  const hrefs = [editor.pathOf('info'), editor.pathOf('tool-selection'), editor.pathOf('tool-details')] as const

  // spec §2: leaving the info step requires it to validate.
  const onNavigate = async (event: MouseEvent<HTMLAnchorElement>, step: TimelineStep) => {
    if (step === current || !editor.leaveGuard.current) return
    event.preventDefault()
    if (await editor.leaveGuard.current()) navigate(hrefs[step])
  }

  return (
    <div className="min-h-full bg-slate-50">
      <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        {/* In the page's flow above the heading, so a banner never covers it (it moves the page down for its 5
            seconds instead); sticky under the navbar, so it is seen after saving from further down the page too. */}
        <div className="sticky top-[76px] z-40 mb-4 space-y-2 empty:hidden">
          <TimedBanner message={editor.error} tone="error" onDone={editor.clearError} />
          <TimedBanner message={editor.notification} tone="notification" onDone={editor.clearNotification} />
        </div>
        <header className="mb-6 mt-2 flex flex-col gap-4 md:flex-row md:items-end md:justify-between sm:mb-8">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Editing Your Stack</h1>
            <p className="mt-1 truncate text-slate-600 max-sm:whitespace-normal">
              <span className="font-medium text-slate-800">{editor.stack.name}</span> · {editor.stack.owner.name}
            </p>
          </div>
          <Timeline current={current} hrefs={hrefs} onNavigate={onNavigate} label="Edit steps" />
        </header>
        <Outlet />
      </div>
    </div>
  )
}
