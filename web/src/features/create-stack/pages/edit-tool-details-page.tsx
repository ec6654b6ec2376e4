// /stack-edit/{owner}/{stack}/tool-details (spec §2 Tool details page): the vote carousel with a save bar and no
// continue button.
import { Link } from 'react-router'
import { SaveBar } from '../components/save-bar.tsx'
import { ToolVotes } from '../components/tool-votes.tsx'
import { StepCard } from '../components/wizard-frame.tsx'
import { useStackEditor } from '../state/stack-editor-context.tsx'

export default function EditToolDetailsPage() {
  const editor = useStackEditor()
  const tools = editor.draft.services
  return (
    <StepCard>
      <div className="mb-6">
        <h2 className="text-xl font-semibold text-slate-900">Vote For Tools</h2>
        <p className="mt-1 text-sm text-slate-600">Vote for the reasons you chose these tools.</p>
      </div>
      {tools.length > 0 ? (
        <ToolVotes tools={tools} analyticsPrefix="edit_stack" />
      ) : (
        <p className="text-sm text-slate-600">
          This stack has no tools yet.{' '}
          <Link to={editor.pathOf('tool-selection')} className="font-medium text-brand-700 hover:underline">
            Add some
          </Link>
          .
        </p>
      )}
      <SaveBar
        saveState={editor.saveState}
        viewHref={editor.stack.path}
        disabled={editor.user.impersonated}
        isBusy={editor.isBusy}
        onSave={() => void editor.runExclusive(() => editor.save())}
      />
    </StepCard>
  )
}
