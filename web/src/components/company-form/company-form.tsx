// The company form (specs/stack-creation-and-editing.md §2 Company form, §4 Company name check, §5): every rule of
// contracts/companies.ts CompanyForm, the name collision on blur (highlighted, no message), the e-mail-domain notice,
// and the 'company already exists' modal with Update Company and Continue. The create-stack wizard and the stack edit
// area use it for a new company; the company's edit page for the company itself (without the modal), with its tags
// (decision 039: comma-separated in one box, shown on Stack Match's results).
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  COMPANY_TAG_MAX,
  COMPANY_TAGS_MAX,
  type CompanyExistsResponse,
  CompanyForm,
  splitTagText,
} from '#contracts/companies.ts'
import { emailDomainDiffers, MANUAL_VERIFICATION_NOTICE } from '#contracts/company-verification.ts'
import { applyServerErrors } from '../../lib/form-errors.ts'
import { blankLabels, formFieldMessage, requiredMessage } from '../../lib/form-messages.ts'
import { getCompanyExists } from '../../lib/get-company-exists.ts'
import { useSiteName } from '../../lib/site.ts'
import { LogoField } from '../logo-field.tsx'
import { Alert } from '../ui/alert.tsx'
import { Button } from '../ui/button.tsx'
import { cn } from '../ui/cn.ts'
import { Dialog } from '../ui/dialog.tsx'
import { TextAreaField, TextField } from '../ui/field.tsx'
import { type CompanyFormDraft, toCompanyInput } from './company-draft.ts'

type CompanyInput = z.input<typeof CompanyForm>
export type CompanyValues = z.output<typeof CompanyForm>
export type ExistingCompany = NonNullable<CompanyExistsResponse['company']>

const LABELS = {
  name: 'Company Name',
  website_url: 'Website',
  description: 'Description',
  email_address: 'Company Email',
  angellist_url: 'AngelList Profile URL',
  twitter_username: 'Twitter Username',
} as const
const FIELDS = [...Object.keys(LABELS), 'image_url', 'tag_list'] as Array<keyof CompanyInput>
const TAGS_LABEL = 'Tags'

/** The first message of a field's error or of one of its items' (a tag too long is the error of that tag). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message
  for (const value of Object.values(error)) {
    const message = firstMessage(value)
    if (message) return message
  }
  return undefined
}

export function CompanyFormView({
  defaultValues,
  onDraftChange,
  onSubmit,
  existing,
  ownCompanyId,
  submitLabel,
  secondaryAction,
  children,
  disabled,
}: {
  defaultValues: CompanyFormDraft
  /** Every change, so the session keeps what was typed (and the edit area knows it is unsaved). */
  onDraftChange?: (draft: CompanyFormDraft) => void
  /** Throws ApiError for the server's answer; its field errors go onto the inputs. */
  onSubmit: (values: CompanyValues) => Promise<void>
  /**
   * The 'company already exists' modal's Update Company and Continue (decision 025). Without them (the company's
   * own edit page) there is no modal: a taken name is the server's field error.
   */
  existing?: {
    onUpdate: (company: ExistingCompany, values: CompanyValues) => Promise<void>
    onContinue: (company: ExistingCompany) => Promise<void>
  }
  /** The company being edited: its own name is no collision. */
  ownCompanyId?: number
  submitLabel: string
  secondaryAction?: React.ReactNode
  /** More fields, after the form's own and before its buttons. */
  children?: React.ReactNode
  disabled?: boolean
}) {
  const form = useForm<CompanyInput, unknown, CompanyValues>({
    resolver: zodResolver(CompanyForm),
    defaultValues: toCompanyInput(defaultValues),
    mode: 'onTouched',
  })
  const { register, handleSubmit, formState, setError, watch, setValue, setFocus } = form
  const [collision, setCollision] = useState<ExistingCompany | null>(null)
  const [modal, setModal] = useState<{ company: ExistingCompany; values: CompanyValues } | null>(null)
  const [formError, setFormError] = useState('')
  const hasTags = defaultValues.tag_list !== undefined
  const [tagText, setTagText] = useState(() => (defaultValues.tag_list ?? []).join(', '))

  useEffect(() => {
    if (!onDraftChange) return
    const subscription = watch((values) => {
      onDraftChange({
        name: values.name ?? '',
        website_url: values.website_url ?? '',
        description: values.description ?? '',
        email_address: values.email_address ?? '',
        angellist_url: values.angellist_url ?? '',
        twitter_username: values.twitter_username ?? '',
        image_url: values.image_url ?? null,
        ...(values.tag_list ? { tag_list: values.tag_list.filter((tag): tag is string => tag !== undefined) } : {}),
      })
    })
    return () => subscription.unsubscribe()
  }, [watch, onDraftChange])

  const checkName = async (name: string): Promise<ExistingCompany | null> => {
    if (name.trim().length < 1) {
      setCollision(null)
      return null
    }
    try {
      const answer = await getCompanyExists(name.trim())
      const existing = answer.company?.id === ownCompanyId ? null : answer.company
      setCollision(existing)
      return existing
    } catch {
      return null
    }
  }

  const submit = handleSubmit(async (values) => {
    setFormError('')
    const found = await checkName(values.name)
    if (found && existing) {
      setModal({ company: found, values })
      return
    }
    try {
      await onSubmit(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS))
    }
  })

  /** The modal closes once its action is done; a refusal shows on the form. */
  const closeAfter = async (action: Promise<void>) => {
    try {
      await action
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS))
    }
    setModal(null)
  }

  const errors = formState.errors
  const blanks = blankLabels(errors, LABELS)
  const website = watch('website_url') ?? ''
  const email = watch('email_address') ?? ''
  const imageUrl = watch('image_url') ?? null
  const message = (field: keyof typeof LABELS) => formFieldMessage(LABELS[field], errors[field])
  const nameField = register('name', { onBlur: (event) => checkName(event.target.value) })
  const tagMessage = firstMessage(errors.tag_list)

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      {blanks.length > 1 && <Alert tone="error">{requiredMessage(blanks)}</Alert>}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label={LABELS.name}
          autoComplete="organization"
          disabled={disabled}
          {...nameField}
          onChange={(event) => {
            setCollision(null)
            return nameField.onChange(event)
          }}
          error={message('name')}
          // spec §5: a name that exists is highlighted without a message
          aria-invalid={collision || errors.name ? true : undefined}
          className={cn(collision && !errors.name && 'border-red-500! ring-1 ring-red-500')}
          data-collision={collision ? 'true' : undefined}
        />
        <TextField
          label={LABELS.website_url}
          placeholder="example.com"
          inputMode="url"
          autoComplete="url"
          disabled={disabled}
          {...register('website_url')}
          error={message('website_url')}
        />
      </div>
      <TextAreaField
        label={LABELS.description}
        rows={3}
        disabled={disabled}
        {...register('description')}
        error={message('description')}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField
          label={LABELS.email_address}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={disabled}
          {...register('email_address')}
          error={message('email_address')}
        />
        <TextField
          label={LABELS.twitter_username}
          placeholder="@example (optional)"
          disabled={disabled}
          {...register('twitter_username')}
          error={message('twitter_username')}
        />
      </div>
      {emailDomainDiffers(website, email) && <Alert tone="info">{MANUAL_VERIFICATION_NOTICE}</Alert>}
      <TextField
        label={LABELS.angellist_url}
        placeholder="angel.co/company/example (optional)"
        inputMode="url"
        disabled={disabled}
        {...register('angellist_url')}
        error={message('angellist_url')}
      />
      <LogoField
        label="Logo"
        value={imageUrl}
        disabled={disabled}
        onChange={(value) => setValue('image_url', value, { shouldDirty: true })}
      />
      {hasTags && (
        <TextField
          label={TAGS_LABEL}
          placeholder="e.g. Fintech, Payments, B2B (optional)"
          disabled={disabled}
          value={tagText}
          onChange={(event) => {
            setTagText(event.target.value)
            setValue('tag_list', splitTagText(event.target.value), {
              shouldDirty: true,
              shouldValidate: formState.isSubmitted,
            })
          }}
          hint={`Separate tags with commas: at most ${COMPANY_TAGS_MAX}, each up to ${COMPANY_TAG_MAX} characters. They show on Stack Match's results and its keyword search finds them.`}
          error={tagMessage ? formFieldMessage(TAGS_LABEL, { type: 'validate', message: tagMessage }) : undefined}
        />
      )}
      {children}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
        {secondaryAction}
        <Button type="submit" isLoading={formState.isSubmitting} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
      {modal && existing && (
        <CompanyExistsDialog
          company={modal.company}
          onUpdate={() => closeAfter(existing.onUpdate(modal.company, modal.values))}
          onUseExisting={() => closeAfter(existing.onContinue(modal.company))}
          onDismiss={() => {
            setModal(null)
            setTimeout(() => setFocus('name'), 0)
          }}
        />
      )}
    </form>
  )
}

/**
 * spec §4: 'company already exists' with Update Company and Continue (docs/decisions/025-stack-owner-choices.md).
 * For an admin of that company, Update Company saves the entered details to it and Continue takes it as it is; both
 * make it the stack's owner. Anyone else is offered only what they may do (decision 040): the modal says they are not
 * an admin of it, and Continue goes back to the form to give their company another name.
 */
function CompanyExistsDialog({
  company,
  onUpdate,
  onUseExisting,
  onDismiss,
}: {
  company: ExistingCompany
  onUpdate: () => Promise<void>
  onUseExisting: () => Promise<void>
  onDismiss: () => void
}) {
  const [pending, setPending] = useState<'update' | 'continue' | null>(null)
  const siteName = useSiteName()
  const isAdmin = company.current_user_admin
  const run = async (action: 'update' | 'continue', work: () => Promise<void>) => {
    setPending(action)
    await work()
    setPending(null)
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onDismiss()}
      title="This company already exists"
      description={`A company named “${company.name}” is already on ${siteName}.`}
    >
      <div className="space-y-4 text-sm text-slate-700">
        {isAdmin ? (
          <p>
            You are an admin of {company.name}. Update Company saves the other details you entered to it; Continue keeps
            its details as they are. Either way it becomes the stack's owner.
          </p>
        ) : (
          <Alert tone="info">
            You are not an admin of {company.name}, so you cannot update it or add stacks to it.{' '}
            {company.current_user_member
              ? 'Ask one of its admins to make you an admin, or continue and give your company another name.'
              : 'Ask one of its admins to add you to its team, or continue and give your company another name.'}
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant={isAdmin ? 'secondary' : 'primary'}
            isLoading={pending === 'continue'}
            disabled={pending === 'update'}
            onClick={() => (isAdmin ? run('continue', onUseExisting) : onDismiss())}
          >
            Continue
          </Button>
          {isAdmin && (
            <Button
              isLoading={pending === 'update'}
              disabled={pending === 'continue'}
              onClick={() => run('update', onUpdate)}
            >
              Update Company
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  )
}
