// The edit area's state (specs/stack-creation-and-editing.md §2 Stack edit area, §4 Save state): the stack as the
// server knows it, the user's unsaved draft, and the save state: unsaved after any edit, saving during a save,
// saved afterwards. Also the 5-second banners and the guard that keeps the info step until it validates.
import { useQueryClient } from '@tanstack/react-query'
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Company } from '#contracts/companies.ts'
import { STACK_NEEDS_TOOLS, type StackEdit, type UpdateStackBody } from '#contracts/stacks.ts'
import type { CurrentUser } from '#contracts/users.ts'
import { track } from '../../../lib/analytics.ts'
import { ApiError } from '../../../lib/api.ts'
import { useMyCompanies } from '../../../lib/get-my-companies.ts'
import { usePersonalGithubInstalled } from '../api/get-personal-github-installed.ts'
import { stackForEditQuery } from '../api/get-stack-for-edit.ts'
import { updateStack } from '../api/update-stack.ts'
import type { BannerMessage } from '../components/timed-banner.tsx'
import { ownerPrivacy } from './owner-rules.ts'
import {
  type BuilderTool,
  emptyNewCompany,
  type NewCompanyDraft,
  requiredServiceIds,
  type StackInfoDraft,
  toBuilderTool,
} from './wizard-state.ts'

export type SaveState = 'unsaved' | 'saving' | 'saved'
export type EditOwner = 'personal' | number
export type EditSection = 'info' | 'tool-selection' | 'tool-details' | 'new-company'

interface EditorDraft {
  info: StackInfoDraft
  owner: EditOwner
  services: BuilderTool[]
  /** spec §4: choosing the personal owner again restores the stack's personal privacy value. */
  personalPrivate: boolean
}

export interface StackEditor {
  stack: StackEdit
  user: CurrentUser
  draft: EditorDraft
  newCompany: NewCompanyDraft
  saveState: SaveState
  companies: Company[]
  isFetchingCompanies: boolean
  /** spec §6: the private/public choice, for an admin of an owner that allows private stacks. */
  showsPrivacyChoice: boolean
  /**
   * The stack is private and the chosen owner cannot keep private stacks: saving the move makes it public, which the
   * user confirms first (save's makePublic; decision 040).
   */
  moveMakesPublic: boolean
  /** A save, or the checks before it (the name's availability), is under way: the save buttons wait. */
  isBusy: boolean
  /** Runs the checks and the save of a page once at a time: a second press while one runs answers false. */
  runExclusive(work: () => Promise<boolean>): Promise<boolean>
  setInfo(info: StackInfoDraft): void
  setOwner(owner: EditOwner): void
  setServices(services: BuilderTool[]): void
  setNewCompany(draft: Partial<NewCompanyDraft>): void
  /** Forgets the new-company form once the stack moved to the company. */
  resetNewCompany(): void
  /**
   * Saves what changed (info and owner, tools); false when the server refused (the error banner says why, and
   * onError can put its field errors onto the inputs), or when the stack would be left without tools.
   * makePublic: the user agreed that moving the private stack makes it public.
   */
  save(options?: { onError?: (error: unknown) => void; makePublic?: boolean }): Promise<boolean>
  /**
   * Saves the stack under another owner (the new-company page's company). A private stack moves to a company
   * without private mode only as public: the page says so before the user saves (decision 040).
   */
  moveTo(owner: { type: 'Company'; id: number }): Promise<boolean>
  pathOf(section: EditSection, stack?: Pick<StackEdit, 'slug' | 'owner'>): string
  error: BannerMessage | null
  notification: BannerMessage | null
  showError(text: string): void
  notify(text: string): void
  clearError(): void
  clearNotification(): void
  /** Set by the info page: validates before the user leaves it (spec §2). */
  leaveGuard: RefObject<(() => Promise<boolean>) | null>
}

const StackEditorContext = createContext<StackEditor | null>(null)

const ownerOf = (stack: StackEdit): EditOwner => (stack.owner.type === 'User' ? 'personal' : stack.owner.id)

function draftOf(stack: StackEdit): EditorDraft {
  return {
    info: {
      name: stack.name,
      description: stack.description ?? '',
      website_url: stack.website_url ?? '',
      private: stack.private,
      image_url: stack.image_url,
    },
    owner: ownerOf(stack),
    services: stack.services.map(toBuilderTool),
    // A private stack stays private when it moves to the personal owner that allows it (decision 040).
    personalPrivate: stack.private,
  }
}

const sameInfo = (a: StackInfoDraft, b: StackInfoDraft) =>
  a.name === b.name &&
  a.description === b.description &&
  a.website_url === b.website_url &&
  a.private === b.private &&
  a.image_url === b.image_url

export function StackEditorProvider({
  initialStack,
  user,
  children,
}: {
  initialStack: StackEdit
  user: CurrentUser
  children: ReactNode
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const queryClient = useQueryClient()
  const [stack, setStack] = useState(initialStack)
  const [draft, setDraft] = useState(() => draftOf(initialStack))
  const draftRef = useRef(draft)
  draftRef.current = draft
  const replaceDraft = useCallback((next: EditorDraft) => {
    draftRef.current = next
    setDraft(next)
  }, [])
  const [newCompany, setNewCompanyDraft] = useState(emptyNewCompany)
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const dirty = useRef({ info: false, tools: false })
  // Edits made while a save runs keep the editor unsaved once that save answers.
  const revision = useRef(0)
  const [error, setError] = useState<BannerMessage | null>(null)
  const [notification, setNotification] = useState<BannerMessage | null>(null)
  const bannerId = useRef(0)
  const leaveGuard = useRef<(() => Promise<boolean>) | null>(null)

  const companies = useMyCompanies({ enabled: true })
  const github = usePersonalGithubInstalled({ enabled: true })
  const companyList = companies.data?.companies ?? []
  const privacy = ownerPrivacy(draft.owner, {
    userId: user.id,
    companies: companyList,
    hasPersonalGithubInstall: github.data ?? user.has_personal_github_install,
  })
  // The stack's own owner may keep private stacks as the server says (current_user_private), even before the
  // companies and the GitHub flag have loaded.
  const showsPrivacyChoice =
    stack.current_user_admin &&
    (privacy.showsPrivacyChoice || (draft.owner === ownerOf(stack) && stack.current_user_private))
  const moveMakesPublic = stack.private && draft.owner !== ownerOf(stack) && !showsPrivacyChoice
  const [isBusy, setIsBusy] = useState(false)
  const busy = useRef(false)
  const runExclusive = useCallback(async (work: () => Promise<boolean>) => {
    if (busy.current) return false
    busy.current = true
    setIsBusy(true)
    try {
      return await work()
    } finally {
      busy.current = false
      setIsBusy(false)
    }
  }, [])

  const edited = useCallback((part: 'info' | 'tools' | null) => {
    if (part) dirty.current[part] = true
    revision.current++
    setSaveState('unsaved')
  }, [])

  const showError = useCallback((text: string) => setError({ id: ++bannerId.current, text }), [])
  const notify = useCallback((text: string) => setNotification({ id: ++bannerId.current, text }), [])
  const clearError = useCallback(() => setError(null), [])
  const clearNotification = useCallback(() => setNotification(null), [])

  const pathOf = useCallback(
    (section: EditSection, target: Pick<StackEdit, 'slug' | 'owner'> = stack) =>
      `/stack-edit/${target.owner.slug}/${target.slug}/${section}`,
    [stack],
  )

  /** After a save: the answer becomes the stack; a new owner or slug moves the URL along. */
  const adoptSaved = useCallback(
    (saved: StackEdit) => {
      setStack(saved)
      queryClient.setQueryData(stackForEditQuery(saved.owner.slug, saved.slug).queryKey, saved)
      const section = location.pathname.split('/').at(-1) as EditSection
      // A new owner or slug moves the URL along; the new-company page returns to info once the stack moved.
      if (saved.owner.slug !== stack.owner.slug || saved.slug !== stack.slug || section === 'new-company') {
        navigate(pathOf(section === 'new-company' ? 'info' : section, saved), { replace: true })
      }
    },
    [queryClient, stack, location.pathname, navigate, pathOf],
  )

  const send = useCallback(
    async (
      body: UpdateStackBody['stack'],
      parts: Array<'info' | 'tools'>,
      onError?: (error: unknown) => void,
    ): Promise<boolean> => {
      const startedAt = revision.current
      setSaveState('saving')
      try {
        const saved = await updateStack(body)
        for (const part of parts) dirty.current[part] = false
        // The owner picker follows where the stack now lives (a move from the new-company page).
        if (draftRef.current.owner !== ownerOf(saved)) replaceDraft({ ...draftRef.current, owner: ownerOf(saved) })
        adoptSaved(saved)
        setSaveState(revision.current === startedAt ? 'saved' : 'unsaved')
        setError(null)
        notify('Your stack was saved.')
        track('edit_stack.saved', { stack_id: saved.id, info: parts.includes('info'), tools: parts.includes('tools') })
        return true
      } catch (failure) {
        setSaveState('unsaved')
        setNotification(null)
        showError(failure instanceof ApiError ? failure.message : 'Your stack could not be saved. Please try again.')
        onError?.(failure)
        track('edit_stack.save_failed', { status: failure instanceof ApiError ? failure.status : 0 })
        return false
      }
    },
    [adoptSaved, notify, showError, replaceDraft],
  )

  const save = useCallback(
    async (options: { onError?: (error: unknown) => void; makePublic?: boolean } = {}) => {
      const draft = draftRef.current
      // The wizard's rule on every save (spec §2): a stack keeps at least one tool; the server refuses it too.
      if (dirty.current.tools && draft.services.length === 0) {
        setNotification(null)
        showError(STACK_NEEDS_TOOLS)
        return false
      }
      const body: UpdateStackBody['stack'] = { id: stack.id }
      const parts: Array<'info' | 'tools'> = []
      if (dirty.current.info) {
        parts.push('info')
        Object.assign(body, {
          name: draft.info.name.trim(),
          description: draft.info.description.trim() || null,
          website_url: draft.info.website_url.trim() || null,
          image_url: draft.info.image_url,
          owner: draft.owner === 'personal' ? { type: 'User', id: user.id } : { type: 'Company', id: draft.owner },
          // Without the choice nothing is sent and the server keeps the stack's privacy; a private stack moving to
          // an owner without private stacks is made public only when the user agreed (decision 040).
          ...(showsPrivacyChoice ? { private: draft.info.private } : options.makePublic ? { private: false } : {}),
        })
      }
      if (dirty.current.tools) {
        parts.push('tools')
        body.services = draft.services.map((tool) => tool.id)
        body.required_services = requiredServiceIds(draft.services)
      }
      if (parts.length === 0) {
        setSaveState('saved')
        return true
      }
      return send(body, parts, options.onError)
    },
    [stack.id, user.id, showsPrivacyChoice, send, showError],
  )

  // Setters compare with the latest draft (a ref, so they stay stable for the forms' subscriptions).
  const hasPersonalGithubInstall = github.data ?? user.has_personal_github_install
  const privacyContext = useRef({ companies: companyList, hasPersonalGithubInstall })
  privacyContext.current = { companies: companyList, hasPersonalGithubInstall }

  const moveTo = useCallback(
    (owner: { type: 'Company'; id: number }) => {
      const company = privacyContext.current.companies.find((candidate) => candidate.id === owner.id)
      const makesPublic = stack.private && !company?.private_mode
      return send({ id: stack.id, owner, ...(makesPublic ? { private: false } : {}) }, [])
    },
    [stack.id, stack.private, send],
  )

  const setInfo = useCallback(
    (info: StackInfoDraft) => {
      if (sameInfo(draftRef.current.info, info)) return
      edited('info')
      replaceDraft({ ...draftRef.current, info })
    },
    [edited, replaceDraft],
  )

  const setOwner = useCallback(
    (owner: EditOwner) => {
      const current = draftRef.current
      if (current.owner === owner) return
      edited('info')
      const personalPrivate = current.owner === 'personal' ? current.info.private : current.personalPrivate
      const next = ownerPrivacy(owner, { userId: user.id, ...privacyContext.current })
      const isPrivate = !next.showsPrivacyChoice ? false : owner === 'personal' ? personalPrivate : current.info.private
      replaceDraft({ ...current, owner, personalPrivate, info: { ...current.info, private: isPrivate } })
    },
    [edited, replaceDraft, user.id],
  )

  const setServices = useCallback(
    (services: BuilderTool[]) => {
      edited('tools')
      replaceDraft({ ...draftRef.current, services })
    },
    [edited, replaceDraft],
  )

  const setNewCompany = useCallback(
    (change: Partial<NewCompanyDraft>) => {
      // spec §4: a new-company field that changes makes the editor unsaved; the created company's id does not.
      if (Object.keys(change).some((field) => field !== 'id')) edited(null)
      setNewCompanyDraft((current) => ({ ...current, ...change }))
    },
    [edited],
  )
  const resetNewCompany = useCallback(() => setNewCompanyDraft(emptyNewCompany()), [])

  const value = useMemo<StackEditor>(
    () => ({
      stack,
      user,
      draft,
      newCompany,
      saveState,
      companies: companyList,
      isFetchingCompanies: companies.isPending,
      showsPrivacyChoice,
      moveMakesPublic,
      isBusy,
      runExclusive,
      setInfo,
      setOwner,
      setServices,
      setNewCompany,
      resetNewCompany,
      save,
      moveTo,
      pathOf,
      error,
      notification,
      showError,
      notify,
      clearError,
      clearNotification,
      leaveGuard,
    }),
    [
      stack,
      user,
      draft,
      newCompany,
      saveState,
      companyList,
      companies.isPending,
      showsPrivacyChoice,
      moveMakesPublic,
      isBusy,
      runExclusive,
      setInfo,
      setOwner,
      setServices,
      setNewCompany,
      resetNewCompany,
      save,
      moveTo,
      pathOf,
      error,
      notification,
      showError,
      notify,
      clearError,
      clearNotification,
    ],
  )
  return <StackEditorContext.Provider value={value}>{children}</StackEditorContext.Provider>
}

export function useStackEditor(): StackEditor {
  const context = useContext(StackEditorContext)
  if (!context) throw new Error('useStackEditor needs StackEditorProvider')
  return context
}
