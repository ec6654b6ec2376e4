// /stack-edit/{owner}/{stack}/tool-selection (spec §2 Tool selection page): 'Build Your Stack' with 'Show
// Packages', tool search and Popular Tools; 'Save & Continue' once the stack has a tool.
import { useNavigate } from 'react-router'
import { IMPERSONATED_EDIT_TOOLS } from '#contracts/stacks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { SaveBar } from '../components/save-bar.tsx'
import { ToolBuilder } from '../components/tool-builder.tsx'
import { StepCard } from '../components/wizard-frame.tsx'
import { useStackEditor } from '../state/stack-editor-context.tsx'

export default function EditToolSelectionPage() {
  const editor = useStackEditor()
  const navigate = useNavigate()
  const isImpersonated = editor.user.impersonated
  const tools = editor.draft.services
  return (
    <StepCard>
      <div className="mb-6">
        <h2 className="text-xl font-semibold text-slate-900">Build Your Stack</h2>
        <p className="mt-1 text-sm text-slate-600">Add the tools and services this stack uses, or take them out.</p>
      </div>
      {isImpersonated && (
        <Alert tone="warning" className="mb-6">
          {IMPERSONATED_EDIT_TOOLS}
        </Alert>
      )}
      <ToolBuilder tools={tools} onChange={editor.setServices} analyticsPrefix="edit_stack" disabled={isImpersonated} />
      <SaveBar
        saveState={editor.saveState}
        viewHref={editor.stack.path}
        disabled={isImpersonated}
        isBusy={editor.isBusy}
        onSave={() => void editor.runExclusive(() => editor.save())}
        next={
          tools.length > 0
            ? {
                label: 'Continue',
                onClick: async () => {
                  if (await editor.runExclusive(() => editor.save())) navigate(editor.pathOf('tool-details'))
                },
              }
            : undefined
        }
      />
    </StepCard>
  )
}
