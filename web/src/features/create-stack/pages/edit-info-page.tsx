// /stack-edit/{owner}/{stack}/info (spec §2 Stack info page): the owner picker (personal, each company, 'New
// Company'), name, description, website or GitHub URL, the public/private toggle where allowed, logo, and the save
// bar with 'Save & Edit Tools'. The info step is left only when it validates. A private stack moving to an owner
// without private stacks is made public only once the user agrees (decision 040).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { IMPERSONATED_EDIT_STACK_INFO } from '#contracts/stacks.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
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
  /** The page's save, waiting for the user to agree that the move makes the stack public. */
  const [confirming, setConfirming] = useState<{ resolve: (agreed: boolean) => void } | null>(null)

  useEffect(() => {
    leaveGuard.current = async () => (await form.current?.validate()) != null
    return () => {
      leaveGuard.current = null
    }
  }, [leaveGuard])

  const onDraftChange = useCallback((info: StackInfoDraft) => setInfo(info), [setInfo])

  // One save at a time: the name check and the save run under one guard, so a second press while the name is
  // being checked does not save twice.
  const saveInfo = () =>
    editor.runExclusive(async () => {
      if (!(await form.current?.validate())) return false
      const makePublic = editor.moveMakesPublic
      if (makePublic && !(await new Promise<boolean>((resolve) => setConfirming({ resolve })))) return false
      // spec §5: the server's field errors show on their inputs too ('{Field} {messages}.')
      return editor.save({ onError: (error) => form.current?.applyServerError(error), makePublic })
    })
  const answerConfirm = (agreed: boolean) => {
    confirming?.resolve(agreed)
    setConfirming(null)
  }
  const ownerName =
    draft.owner === 'personal'
      ? 'Your personal profile'
      : (editor.companies.find((company) => company.id === draft.owner)?.name ?? 'This company')

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
            {editor.moveMakesPublic && (
              <Alert tone="warning" className="mt-3">
                {ownerName} cannot keep private stacks. Moving this private stack there makes it public: you will be
                asked before it is saved.
              </Alert>
            )}
          </fieldset>
        }
      >
        <SaveBar
          saveState={editor.saveState}
          viewHref={editor.stack.path}
          disabled={isImpersonated}
          isBusy={editor.isBusy}
          onSave={() => void saveInfo()}
          next={{
            label: 'Edit Tools',
            onClick: async () => {
              if (await saveInfo()) navigate(editor.pathOf('tool-selection'))
            },
          }}
        />
      </StackInfoForm>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && answerConfirm(false)}
        title="Make this stack public?"
        description={`${ownerName} cannot keep private stacks. Moving the stack there makes it public: anyone can see it.`}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => answerConfirm(false)}>
            Keep It Private
          </Button>
          <Button onClick={() => answerConfirm(true)}>Move and Make Public</Button>
        </div>
      </Dialog>
    </StepCard>
  )
}
