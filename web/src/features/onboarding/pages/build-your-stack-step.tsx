// /onboarding/build-your-stack (spec §2, §4, §5, §7, §8): pick the tools of the personal stack 'My Stack'. The tools
// of an existing 'My Stack' come preselected, else those found on the user's GitHub profile; unapproved tools are
// dropped. The feed box starts from the saved choice (on until one is saved). Both are read again each time the step
// opens, before its form shows (decision 039). Continue posts the feed preference first, then updates the stack when
// it exists or creates it.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Bot } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { type OnboardingInfo, type OnboardingTool, STACK_SAVE_FAILED } from '#contracts/onboarding.ts'
import { ONBOARDING_STACK_NAME } from '#contracts/stacks.ts'
import { useBuilderPopularTools } from '../../../components/tool-search/api/get-popular-tools.ts'
import { ToolPickButton } from '../../../components/tool-search/tool-pick-button.tsx'
import { ToolSearch } from '../../../components/tool-search/tool-search.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api.ts'
import { createOnboardingStack } from '../api/create-onboarding-stack.ts'
import { onboardingQuery, useSavedOnboarding } from '../api/get-onboarding.ts'
import { getPersonalStackId } from '../api/get-personal-stack-id.ts'
import { getStackServices } from '../api/get-stack-services.ts'
import { toggleEmailFeedWeekly } from '../api/toggle-email-feed-weekly.ts'
import { updateOnboardingStack } from '../api/update-onboarding-stack.ts'
import { SelectedToolList } from '../components/selected-tool-list.tsx'
import { StepActions } from '../components/step-actions.tsx'
import { StepHeading } from '../components/step-heading.tsx'
import { StepLoading } from '../components/step-loading.tsx'
import { serverErrorNotification, useWizard } from '../state/wizard-context.tsx'

/** The wizard keeps the fields the picker shows. */
function toPicked(tool: OnboardingTool): OnboardingTool {
  const { id, name, slug, image_url, is_approved, is_package, just_added } = tool
  return { id, name, slug, image_url, is_approved, is_package, just_added }
}

/** spec §2: the picker drops unapproved entries; spec §4: adding a tool already there is ignored. */
function addTools(current: OnboardingTool[], added: OnboardingTool[]): OnboardingTool[] {
  const ids = new Set(current.map((tool) => tool.id))
  const fresh = added.filter((tool) => tool.is_approved && !ids.has(tool.id) && ids.add(tool.id))
  return fresh.length > 0 ? [...current, ...fresh.map(toPicked)] : current
}

/** The existing 'My Stack' and its services, asked afresh every time the step opens (spec §7: no-cache). */
function usePersonalStack() {
  return useQuery({
    queryKey: ['onboarding', 'personal-stack'],
    queryFn: async () => {
      const id = await getPersonalStackId(ONBOARDING_STACK_NAME)
      return { id, services: id ? await getStackServices(id) : [] }
    },
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}

export function BuildYourStackStep() {
  const { info } = useSavedOnboarding()
  const personalStack = usePersonalStack()
  if (!info || personalStack.isPending) return <StepLoading label="Loading your stack" />
  return <BuildYourStackForm info={info} stack={personalStack.data ?? { id: null, services: [] }} />
}

function BuildYourStackForm({
  info,
  stack,
}: {
  info: OnboardingInfo
  stack: { id: number | null; services: OnboardingTool[] }
}) {
  const wizard = useWizard()
  const { notify, isBlocked } = wizard
  const queryClient = useQueryClient()
  const popular = useBuilderPopularTools()
  // the saved stack when there is one (the user's own choice), else what GitHub suggests
  const [selected, setSelected] = useState<OnboardingTool[]>(() =>
    addTools([], stack.id ? stack.services : info.services),
  )
  const [isFeedOn, setFeedOn] = useState(info.email_feed_weekly)
  const selectedIds = useMemo(() => new Set(selected.map((tool) => tool.id)), [selected])
  const stackId = stack.id

  const found = info.services.length
  const provider = info.oauth?.provider ?? 'GitHub'
  useEffect(() => {
    if (found > 0)
      notify({
        type: 'info',
        icon: 'github',
        message: `Yay! We found ${found} tool(s) that you may be using based on your public ${provider} profile.`,
      })
  }, [found, provider, notify])

  const edit = (next: (current: OnboardingTool[]) => OnboardingTool[]) => {
    setSelected(next)
    if (isBlocked) notify(null)
  }
  const toggle = (tool: OnboardingTool) =>
    edit((current) =>
      current.some((item) => item.id === tool.id)
        ? current.filter((item) => item.id !== tool.id)
        : addTools(current, [tool]),
    )
  // spec §4: removing a tool that is not selected changes nothing
  const remove = (tool: OnboardingTool) => edit((current) => current.filter((item) => item.id !== tool.id))

  const save = async () => {
    wizard.setSaving(true)
    try {
      await toggleEmailFeedWeekly(isFeedOn)
      queryClient.setQueryData(onboardingQuery.queryKey, (old) => old && { ...old, email_feed_weekly: isFeedOn })
    } catch (error) {
      // spec §8: a digest failure also stops the stack save
      wizard.setSaving(false)
      notify(serverErrorNotification(error))
      return
    }
    const services = selected.map((tool) => tool.id)
    try {
      if (stackId) await updateOnboardingStack({ id: stackId, services, userId: info.user_id })
      else await createOnboardingStack({ name: ONBOARDING_STACK_NAME, services, userId: info.user_id })
    } catch (error) {
      wizard.setSaving(false)
      notify({ type: 'error', message: error instanceof ApiError && error.message ? error.message : STACK_SAVE_FAILED })
      return
    }
    wizard.setSaving(false)
    await wizard.advance('build-your-stack')
  }

  const disabled = wizard.isSaving
  return (
    <div className="space-y-6">
      <StepHeading
        title="Add tools to your personal stack"
        text="Search for or select tools & services you use in this stack"
      />
      <div className="space-y-3">
        <ToolSearch
          popular={popular.data?.tools ?? []}
          selectedIds={selectedIds}
          showPackages={false}
          onToggle={toggle}
          disabled={disabled}
          label="Search & add tools"
        />
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-sm font-semibold text-slate-900">
            Your tools <span className="font-normal text-slate-500">({selected.length})</span>
          </h2>
          {selected.length > 0 && (
            <Button variant="link" className="text-sm" onClick={() => edit(() => [])} disabled={disabled}>
              Clear tools
            </Button>
          )}
        </div>
        <SelectedToolList tools={selected} onRemove={remove} disabled={disabled} />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={isFeedOn}
          onChange={(event) => {
            setFeedOn(event.target.checked)
            if (isBlocked) notify(null)
          }}
          disabled={wizard.isSaving}
          className="size-4 rounded border-slate-300 accent-brand-600"
        />
        Send me weekly updates on these tools
      </label>
      <p className="flex items-start gap-3 rounded-xl bg-sky-50 px-4 py-3 text-sm text-sky-900 ring-1 ring-sky-200">
        <Bot className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Want to update the tools you use automatically?{' '}
          <Link to="/create-stack/scan" className="font-medium text-brand-700 underline hover:text-brand-800">
            Install the bot
          </Link>
        </span>
      </p>
      <section aria-labelledby="popular-tools-heading" className="space-y-3">
        <h2 id="popular-tools-heading" className="text-sm font-semibold text-slate-900">
          Popular Tools
        </h2>
        {popular.isLoading ? (
          <Skeleton className="h-40 w-full rounded-xl" />
        ) : popular.isError ? (
          <p className="text-sm text-red-700">The popular tools could not be loaded.</p>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(4.5rem,1fr))] gap-1">
            {(popular.data?.tools ?? []).map((tool) => (
              <li key={tool.id} className="flex justify-center">
                <ToolPickButton
                  tool={tool}
                  isSelected={selectedIds.has(tool.id)}
                  onClick={() => toggle(tool)}
                  disabled={disabled}
                  variant="small-tile"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <StepActions onContinue={save} isDisabled={selected.length === 0} />
    </div>
  )
}
