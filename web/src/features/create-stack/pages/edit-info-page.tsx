// /stack-edit/{owner}/{stack}/info (spec §2 Stack info page): the owner picker (personal, each company, 'New
// Company'), name, description, website or GitHub URL, the public/private toggle where allowed, logo, and the save
// bar with 'Save & Edit Tools'. The info step is left only when it validates.
import { useCallback, useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { IMPERSONATED_EDIT_STACK_INFO } from '#contracts/stacks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { OwnerTiles } from '../components/owner-tiles.tsx'
import { SaveBar } from '../components/save-bar.tsx'
import { StackInfoForm, type StackInfoFormHandle } from '../components/stack-info-form.tsx'
import { StepCard } from '../components/wizard-frame.tsx'
import { canCreateCompany, nameCheckOwner } from '../state/owner-rules.ts'
import { useStackEditor } from '../state/stack-editor-context.tsx'
import type { StackInfoDraft } from '../state/wizard-state.ts'

export default function EditInfoPage() {
  const editor = useStackEditor()
  const navigate = useNavigate()
  const form = useRef<StackInfoFormHandle>(null)
  const { user, draft, setInfo, leaveGuard } = editor
  const isImpersonated = user.impersonated

  useEffect(() => {
    leaveGuard.current = async () => (await form.current?.validate()) != null
    return () => {
      leaveGuard.current = null
    }
  }, [leaveGuard])

  const onDraftChange = useCallback((info: StackInfoDraft) => setInfo(info), [setInfo])

  const saveInfo = async () => {
    if (!(await form.current?.validate())) return false
    // spec §5: the server's field errors show on their inputs too ('{Field} {messages}.')
    return editor.save({ onError: (error) => form.current?.applyServerError(error) })
  }

  return (
    <StepCard>
      {isImpersonated && (
        <Alert tone="warning" className="mb-6">
          {IMPERSONATED_EDIT_STACK_INFO}
        </Alert>
      )}
      <StackInfoForm
        ref={form}
        defaultValues={draft.info}
        onDraftChange={onDraftChange}
        onSubmit={() => void saveInfo()}
        showsPrivacyChoice={editor.showsPrivacyChoice}
        privateValue={draft.info.private}
        nameCheck={{ owner: nameCheckOwner(draft.owner), stackId: editor.stack.id }}
        disabled={isImpersonated}
        ownerSlot={
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Owner</legend>
            <OwnerTiles
              compact
              user={user}
              companies={editor.companies}
              isFetchingCompanies={editor.isFetchingCompanies}
              showsNewCompany={!editor.isFetchingCompanies && canCreateCompany(user, editor.companies)}
              selected={draft.owner}
              disabled={isImpersonated}
              onSelect={(owner) =>
                owner === 'newcompany' ? navigate(editor.pathOf('new-company')) : editor.setOwner(owner)
              }
            />
          </fieldset>
        }
      >
        <SaveBar
          saveState={editor.saveState}
          viewHref={editor.stack.path}
          disabled={isImpersonated}
          onSave={() => void saveInfo()}
          next={{
            label: 'Edit Tools',
            onClick: async () => {
              if (await saveInfo()) navigate(editor.pathOf('tool-selection'))
            },
          }}
        />
      </StackInfoForm>
    </StepCard>
  )
}
