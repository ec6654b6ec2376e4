// /create-stack/tool-selection (spec §2 tool-selection): 'Build Your Stack' with the tools the scan found already
// chosen; Continue appears once the stack has at least one tool.
import { ArrowRight } from 'lucide-react'
import { useLocation, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { track } from '../../../lib/analytics.ts'
import { ToolBuilder } from '../components/tool-builder.tsx'
import { StepCard, WizardFrame } from '../components/wizard-frame.tsx'
import { useWizard } from '../state/wizard-context.tsx'
import type { StepNotice } from '../state/wizard-state.ts'

export default function ToolSelectionPage() {
  return (
    <WizardFrame step={1} back="/create-stack/stack-info" stepName="tool-selection">
      <ToolSelection />
    </WizardFrame>
  )
}

function ToolSelection() {
  const navigate = useNavigate()
  const notice = (useLocation().state as StepNotice | null)?.error
  const { state, update } = useWizard()
  const tools = state.selectedTools
  const hasTools = tools.length > 0

  return (
    <StepCard>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Build Your Stack</h2>
          <p className="mt-1 text-sm text-slate-600">
            {state.scanned ? 'The tools your scan found are in already. ' : ''}Add the tools and services you use.
          </p>
        </div>
        {hasTools && <ContinueButton count={tools.length} onClick={() => continueOn(tools.length)} />}
      </div>
      {notice && !hasTools && (
        <Alert tone="error" className="mb-6">
          {notice}
        </Alert>
      )}
      <ToolBuilder
        tools={tools}
        analyticsPrefix="create_stack"
        onChange={(next) => update((current) => ({ ...current, selectedTools: next }))}
      />
      {hasTools && (
        <div className="mt-8 flex justify-end border-t border-slate-200 pt-5">
          <ContinueButton count={tools.length} onClick={() => continueOn(tools.length)} />
        </div>
      )}
    </StepCard>
  )

  function continueOn(count: number) {
    track('create_stack.tools_selected', { tools_count: count })
    navigate('/create-stack/tool-details')
  }
}

function ContinueButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <Button onClick={onClick} aria-label={`Continue with ${count} ${count === 1 ? 'tool' : 'tools'}`}>
      Continue <ArrowRight className="size-4" aria-hidden="true" />
    </Button>
  )
}
