// /create-stack/scan (spec §2 scan, §4 Scan state, §5, issue 3): paste a website or GitHub URL, watch the scan's
// progress and the tools it finds, then 'Edit & Save Your Stack' with them chosen, or Skip. Visitors get the
// sign-in modal first and continue at stack-type once signed in.
import { ArrowRight, Check, ExternalLink, FileUp, Radar, ScanSearch } from 'lucide-react'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { SCAN_PRESELECT_CONFIDENCE, SCAN_PROGRESS_NOTES, STACK_CLAIMED_MESSAGE } from '#contracts/scan.ts'
import type { Tool } from '#contracts/tools.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ToolLogo } from '../../../components/ui/tool-logo.tsx'
import { track } from '../../../lib/analytics.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useSignInModal } from '../../../lib/session.tsx'
import type { ResetRequest } from '../components/wizard-frame.tsx'
import { type ScanResult, useScan } from '../hooks/use-scan.ts'
import { useWizard } from '../state/wizard-context.tsx'
import { mergeTools, toBuilderTool } from '../state/wizard-state.ts'

const SIGN_IN_REASON = 'Sign in to create a stack.'
const STACK_TYPE = '/create-stack/stack-type'

export default function ScanPage() {
  useDocumentTitle('Create A Stack')
  const navigate = useNavigate()
  const modal = useSignInModal()
  const { user, isUserLoading, update, state, reset } = useWizard()
  const location = useLocation()
  const scan = useScan()
  const inputId = useId()
  const [url, setUrl] = useState(state.scanned?.url ?? '')
  // suggestions (detections below SCAN_PRESELECT_CONFIDENCE) the person chose to add, by slug
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const hasPrompted = useRef(false)

  // The header's Reset confirmed: forget the session here, where no step guard can react to it first.
  const isResetRequested = (location.state as ResetRequest | null)?.reset === true
  useEffect(() => {
    if (!isResetRequested || isUserLoading) return
    reset()
    setUrl('')
    navigate('.', { replace: true, state: null })
  }, [isResetRequested, isUserLoading, reset, navigate])

  // spec §2: visitors get the sign-in modal first; once signed in they go on to stack-type.
  const askToSignIn = () =>
    modal.open({ reason: SIGN_IN_REASON, onSignedIn: () => navigate(STACK_TYPE), mode: 'sign-in' })
  useEffect(() => {
    if (!isUserLoading && !user && !hasPrompted.current) {
      hasPrompted.current = true
      modal.open({ reason: SIGN_IN_REASON, onSignedIn: () => navigate(STACK_TYPE) })
    }
  }, [isUserLoading, user, modal, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) return askToSignIn()
    void scan.start(url)
  }

  const accept = (result: ScanResult) => {
    update((current) => ({
      ...current,
      scanned: { url: result.url, slugs: result.scannedTools.map((tool) => tool.slug) },
      selectedTools: mergeTools(
        current.selectedTools,
        result.tools.filter((tool) => isPreselected(result, tool) || chosen.has(tool.slug)).map(toBuilderTool),
      ),
      stackInfo:
        current.stackInfo.website_url || !/^https?:\/\//i.test(result.url)
          ? current.stackInfo
          : { ...current.stackInfo, website_url: result.url },
    }))
    track('create_stack.scan_accepted', { tools_count: result.tools.length })
    navigate(STACK_TYPE)
  }

  const skip = () => {
    if (!user) return askToSignIn()
    scan.cancel()
    track('create_stack.scan_skipped')
    navigate(STACK_TYPE)
  }

  const isScanning = scan.scanState === 1
  const found = scan.result?.tools ?? []

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <div className="text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/30">
          <Radar className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Create A Stack</h1>
        <p className="mx-auto mt-3 max-w-xl text-slate-600">
          Paste your website or GitHub repository and we will detect the tools it uses. You can change everything
          afterwards.
        </p>
      </div>

      <section className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            Website or GitHub URL
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            value={url}
            onChange={(event) => {
              setUrl(event.target.value)
              if (scan.message) scan.clearMessage()
            }}
            placeholder="example.com or github.com/owner/repo"
            aria-invalid={scan.message && scan.scanState === 0 && !scan.result ? true : undefined}
            aria-describedby={`${inputId}-status`}
            className="h-12 min-w-0 rounded-xl border border-slate-300 px-4 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 sm:flex-1"
          />
          <Button type="submit" size="lg" disabled={isScanning} className="shrink-0">
            {isScanning ? <Spinner className="size-5" /> : <ScanSearch className="size-5" aria-hidden="true" />}
            {isScanning ? 'Scanning' : 'Scan'}
          </Button>
        </form>

        <div id={`${inputId}-status`} aria-live="polite" className="mt-4 space-y-4 empty:hidden">
          {scan.message && (
            <Alert tone={scan.result ? 'info' : 'error'} className="break-words">
              {scan.message}
            </Alert>
          )}
          {scan.claimedPath && (
            <Alert tone="warning">
              {STACK_CLAIMED_MESSAGE}{' '}
              <Link to={scan.claimedPath} className="inline-flex items-center gap-1 font-semibold underline">
                View the stack <ExternalLink className="size-3.5" aria-hidden="true" />
              </Link>
            </Alert>
          )}
          {scan.scanState !== 0 && (
            <ScanProgress scanState={scan.scanState} notesShown={scan.notesShown} progress={scan.progress} />
          )}
        </div>
      </section>

      {/* the tools show up as the scan finds them; they are taken with 'Edit & Save Your Stack' once it is done */}
      {scan.scanState !== 0 && found.length > 0 && (
        <FoundTools
          result={scan.result!}
          isDone={scan.scanState === 2}
          chosen={chosen}
          onToggle={(slug) =>
            setChosen((current) => {
              const next = new Set(current)
              if (!next.delete(slug)) next.add(slug)
              return next
            })
          }
        />
      )}

      <div className="mt-8 flex flex-col-reverse items-center justify-center gap-4 sm:flex-row">
        <button
          type="button"
          onClick={skip}
          className="rounded-md px-2 py-1 text-sm font-medium text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline"
        >
          Skip
        </button>
        {scan.scanState === 2 && found.length > 0 && (
          <Button size="lg" onClick={() => accept(scan.result!)}>
            Edit & Save Your Stack <ArrowRight className="size-5" aria-hidden="true" />
          </Button>
        )}
      </div>
      {/* decision 061: a stack from StackShare, Backstage or an SBOM instead of a scan */}
      <p className="mt-6 text-center text-sm text-slate-600">
        Have a techstack.yml, a catalog-info.yaml or an SBOM?{' '}
        <Link
          to="/create-stack/import"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <FileUp className="size-4" aria-hidden="true" />
          Import a stack file
        </Link>
      </p>
    </div>
  )
}

function ScanProgress({ scanState, notesShown, progress }: { scanState: 1 | 2; notesShown: number; progress: number }) {
  const isDone = scanState === 2
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold text-slate-900" data-testid="scan-verb">
          {isDone ? 'Done!' : 'Scanning'}
        </span>
        <span className="tabular-nums text-slate-500">{progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Scan progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-700 ease-out',
            isDone ? 'bg-emerald-500' : 'bg-brand-600',
          )}
          style={{ width: `${Math.max(progress, 3)}%` }}
        />
      </div>
      <ol aria-label="Scan steps" className="space-y-1.5">
        {SCAN_PROGRESS_NOTES.slice(0, notesShown).map((note, index) => {
          const isPassed = isDone || index < notesShown - 1
          return (
            <li key={note} className="flex items-center gap-2 text-sm text-slate-700">
              {isPassed ? (
                <Check className="size-4 text-emerald-600" aria-hidden="true" />
              ) : (
                <Spinner className="size-4 text-brand-600" />
              )}
              {note}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** Whether the scan is sure enough of a tool to preselect it (contracts/scan.ts SCAN_PRESELECT_CONFIDENCE). */
function isPreselected(result: ScanResult, tool: Tool): boolean {
  const scanned = result.scannedTools.find((candidate) => candidate.slug === tool.slug)
  return (scanned?.confidence ?? 100) >= SCAN_PRESELECT_CONFIDENCE
}

function FoundTools({
  result,
  isDone,
  chosen,
  onToggle,
}: {
  result: ScanResult
  isDone: boolean
  chosen: ReadonlySet<string>
  onToggle: (slug: string) => void
}) {
  const tools = result.tools.filter((tool) => !tool.is_package)
  const packages = result.tools.length - tools.length
  // Logos of the tools; a repository with only ecosystem packages shows those instead.
  const shown = tools.length > 0 ? tools : result.tools
  const confident = shown.filter((tool) => isPreselected(result, tool))
  const suggestions = shown.filter((tool) => !isPreselected(result, tool))
  return (
    <section
      aria-labelledby="found-heading"
      aria-busy={!isDone}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="found-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        {!isDone && <Spinner className="size-4 text-brand-600" />}
        {isDone ? 'We found' : 'Found so far:'} {tools.length} {tools.length === 1 ? 'tool' : 'tools'}
        {packages > 0 && ` and ${packages} ${packages === 1 ? 'package' : 'packages'}`}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
        {confident.map((tool, index) => (
          <li
            key={tool.id}
            style={{ transitionDelay: `${Math.min(index, 30) * 40}ms` }}
            className="flex items-center gap-2 rounded-xl bg-slate-50 p-2 transition duration-300 starting:translate-y-1 starting:opacity-0"
          >
            <ToolLogo src={tool.image_url} className="size-8" />
            <span className="min-w-0 truncate text-sm font-medium text-slate-800">{tool.name}</span>
          </li>
        ))}
      </ul>
      {suggestions.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-700">Suggestions: add the ones you use</h3>
          <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
            {suggestions.map((tool) => {
              const isChosen = chosen.has(tool.slug)
              return (
                <li key={tool.id}>
                  <button
                    type="button"
                    aria-pressed={isChosen}
                    onClick={() => onToggle(tool.slug)}
                    className={cn(
                      'flex w-full items-center gap-2 rounded-xl p-2 text-left ring-1 transition',
                      isChosen ? 'bg-brand-50 ring-brand-600' : 'bg-white ring-slate-300 hover:bg-slate-50',
                    )}
                  >
                    <ToolLogo src={tool.image_url} className="size-8" />
                    <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">{tool.name}</span>
                    {isChosen && <Check className="size-4 shrink-0 text-brand-600" aria-hidden="true" />}
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
