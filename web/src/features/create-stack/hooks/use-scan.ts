// The scan step's engine (specs/stack-creation-and-editing.md §4 Scan state, §9): 0 idle, 1 scanning, 2 done.
// Polls GET /api/v1/analyze every 2 s with the same URL until the scan is done, failed, or 30 s have passed; the
// progress notes follow the server's stage, and the tools found are resolved to catalog tools for their logos, as
// they are found: a running scan answers what it has so far (issue 3).
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  type AnalyzeResponse,
  isGithubUrl,
  isScanUrlFormatValid,
  SCAN_EMPTY_MESSAGE,
  SCAN_POLL_INTERVAL_MS,
  SCAN_PROGRESS_NOTES,
  SCAN_TIMEOUT_MS,
  SCAN_URL_INVALID_MESSAGE,
  type ScannedTool,
  type ScanStage,
} from '#contracts/scan.ts'
import type { Tool } from '#contracts/tools.ts'
import { track } from '../../../lib/analytics.ts'
import { ApiError } from '../../../lib/api.ts'
import { analyzeUrl } from '../api/analyze-url.ts'
import { findToolsBySlugs } from '../api/find-tools-by-slugs.ts'
import { getUrlExists } from '../api/get-url-exists.ts'

export type ScanStateCode = 0 | 1 | 2

/** How many of SCAN_PROGRESS_NOTES a stage has reached (contracts/scan.ts: each stage maps to one note). */
const NOTES_REACHED: Record<ScanStage, number> = {
  queued: 1,
  fetching: 2,
  analyzing: 3,
  mapping: 4,
  done: SCAN_PROGRESS_NOTES.length,
  failed: SCAN_PROGRESS_NOTES.length,
}

/**
 * Internal addresses (an IP, localhost, a file path) do not pass the public-URL rule, yet installations that allow
 * private networks scan them. They go to the server, which applies the same rule and answers 'Url format is
 * invalid.' where they are not allowed.
 */
function isInternalTarget(url: string): boolean {
  return (
    url.startsWith('file://') ||
    url.startsWith('/') ||
    /^https?:\/\/(localhost|\d{1,3}(\.\d{1,3}){3}|\[[\da-f:]+\])(:\d{1,5})?([/?#]|$)/i.test(url)
  )
}

export function isScanUrlAcceptable(url: string): boolean {
  return isScanUrlFormatValid(url) || (url.length <= 256 && isInternalTarget(url))
}

export interface ScanResult {
  url: string
  scannedTools: ScannedTool[]
  tools: Tool[]
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

export function useScan() {
  const [scanState, setScanState] = useState<ScanStateCode>(0)
  const [notesShown, setNotesShown] = useState(0)
  const [progress, setProgress] = useState(0)
  const [message, setMessage] = useState<string | null>(null)
  const [claimedPath, setClaimedPath] = useState<string | null>(null)
  const [result, setResult] = useState<ScanResult | null>(null)
  const controller = useRef<AbortController | null>(null)

  const cancel = useCallback(() => {
    controller.current?.abort()
    controller.current = null
  }, [])
  useEffect(() => cancel, [cancel])

  const clearMessage = useCallback(() => setMessage(null), [])

  const start = useCallback(
    async (input: string) => {
      const url = input.trim()
      cancel()
      setClaimedPath(null)
      setResult(null)
      if (!isScanUrlAcceptable(url)) {
        setScanState(0)
        setNotesShown(0)
        setProgress(0)
        setMessage(SCAN_URL_INVALID_MESSAGE)
        return
      }
      const run = new AbortController()
      controller.current = run
      const { signal } = run
      setMessage(null)
      setScanState(1)
      setNotesShown(1)
      setProgress(2)
      const kind = isGithubUrl(url) ? 'github' : 'website'
      track('create_stack.scan_started', { kind })

      // spec §5: GitHub URLs skip the claimed check; other URLs are checked beside the scan.
      if (!isGithubUrl(url)) {
        getUrlExists(url, signal)
          .then((answer) => {
            if (!signal.aborted && answer.claimed) setClaimedPath(answer.path)
          })
          .catch(() => {})
      }

      const deadline = Date.now() + SCAN_TIMEOUT_MS
      const giveUp = (reason: string, text: string) => {
        if (signal.aborted) return
        setScanState(0)
        setResult(null)
        setMessage(text)
        track('create_stack.scan_failed', { kind, reason })
      }
      // The catalog tools behind the slugs found so far, asked again only when they change.
      let shownSlugs = ''
      const showFound = async (answer: AnalyzeResponse) => {
        const slugs = answer.tools.map((tool) => tool.slug)
        if (slugs.join(',') === shownSlugs || slugs.length === 0) return
        try {
          const { tools } = await findToolsBySlugs(slugs, answer.url, signal)
          if (signal.aborted) return
          shownSlugs = slugs.join(',')
          setResult({ url: answer.url, scannedTools: answer.tools, tools })
        } catch {
          // the next poll tries again
        }
      }
      while (!signal.aborted) {
        let answer: AnalyzeResponse | null = null
        try {
          answer = await analyzeUrl(url, signal)
        } catch (error) {
          if (signal.aborted) return
          if (error instanceof ApiError && error.status < 500 && error.status !== 429) {
            giveUp('refused', error.message)
            return
          }
          // A hiccup (a restart, a busy server): keep polling until the deadline.
        }
        if (signal.aborted) return
        if (answer) {
          setProgress((current) => Math.max(current, answer.progress))
          setNotesShown((current) => Math.max(current, NOTES_REACHED[answer.stage]))
          if (answer.state === 'failed') {
            giveUp('failed', answer.error ?? SCAN_EMPTY_MESSAGE)
            return
          }
          if (answer.state === 'done') {
            const slugs = answer.tools.map((tool) => tool.slug)
            let tools: Tool[] = []
            if (slugs.length > 0) {
              try {
                tools = (await findToolsBySlugs(slugs, answer.url, signal)).tools
              } catch {
                if (signal.aborted) return
              }
            }
            if (signal.aborted) return
            setResult({ url: answer.url, scannedTools: answer.tools, tools })
            setProgress(100)
            setNotesShown(SCAN_PROGRESS_NOTES.length)
            setScanState(2)
            // spec §8: an empty scan says so, like a timeout.
            if (tools.length === 0) setMessage(SCAN_EMPTY_MESSAGE)
            track('create_stack.scan_finished', { kind, tools_count: tools.length, reused: answer.reused })
            return
          }
        }
        if (answer?.state === 'scanning') await showFound(answer)
        if (signal.aborted) return
        const remaining = deadline - Date.now()
        if (remaining <= 0) {
          giveUp('timeout', SCAN_EMPTY_MESSAGE)
          return
        }
        await sleep(Math.min(SCAN_POLL_INTERVAL_MS, remaining), signal)
        if (Date.now() >= deadline && !signal.aborted) {
          giveUp('timeout', SCAN_EMPTY_MESSAGE)
          return
        }
      }
    },
    [cancel],
  )

  return { scanState, notesShown, progress, message, claimedPath, result, start, cancel, clearMessage }
}
