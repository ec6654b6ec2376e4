// The soft-approval form (specs/stack-match-and-community.md §2, §5): Name, One-line description, Website URL
// (read-only), Image upload (or a pasted URL), Description, Twitter Handle, Features (separated by semicolon) and
// 'Submit for approval'. The contract's schema checks it here and again on the server.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  PASTED_IMAGE_URL_MIN,
  SOFT_APPROVAL_DESCRIPTION_MAX,
  SOFT_APPROVAL_FEATURES_MAX,
  SOFT_APPROVAL_TITLE_MAX,
  SoftApprovalService,
  type SoftApprovalServiceInput,
  type SoftApprovalServiceValues,
  type SoftApprovalTool,
  SUBMIT_FOR_APPROVAL,
} from '#contracts/soft-approval.ts'
import { LogoField } from '../../../components/logo-field.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'

export const LABELS = {
  name: 'Name',
  title: 'One-line description',
  website_url: 'Website URL',
  image: 'Image',
  image_url: 'Image URL',
  description: 'Description',
  twitter_username: 'Twitter Handle',
  features: 'Features (separated by semicolon)',
} as const
const FIELDS = ['name', 'title', 'image_url', 'description', 'twitter_username', 'features'] as const

const counter = (value: string | null | undefined, max: number) => `${(value ?? '').length}/${max}`

export function SoftApprovalForm({
  tool,
  onSubmit,
  onCancel,
}: {
  tool: SoftApprovalTool
  /** Throws ApiError for the server's answer; field errors go onto their inputs. */
  onSubmit: (values: SoftApprovalServiceValues) => Promise<void>
  onCancel: () => void
}) {
  const form = useForm<SoftApprovalServiceInput, unknown, SoftApprovalServiceValues>({
    resolver: zodResolver(SoftApprovalService),
    defaultValues: {
      name: tool.name,
      title: tool.title ?? '',
      description: tool.description ?? '',
      image_url: tool.custom_image_url ?? '',
      twitter_username: tool.twitter_username ?? '',
      features: tool.features ?? '',
    },
  })
  const { register, handleSubmit, formState, setError, watch, setValue } = form
  const [formError, setFormError] = useState('')
  const errors = formState.errors
  const message = (field: (typeof FIELDS)[number]) => fieldMessage(LABELS[field], errors[field]?.message)
  const imageUrl = watch('image_url') ?? ''
  // an uploaded or pasted address shows once it can be one; until then the generated logo
  const pasted = imageUrl.trim()
  const preview = pasted.length >= PASTED_IMAGE_URL_MIN && /^(\/uploads\/|https?:\/\/)/i.test(pasted) ? pasted : null

  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      await onSubmit(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, [...FIELDS]))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label={`Pre-approve ${tool.name}`}>
      {formError && <Alert tone="error">{formError}</Alert>}
      {tool.rejection_reason && (
        <Alert tone="warning">
          <span className="font-medium">A moderator sent this tool back:</span> {tool.rejection_reason}
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField label={LABELS.name} autoComplete="off" {...register('name')} error={message('name')} />
        <TextField
          label={LABELS.website_url}
          value={tool.website_url ?? ''}
          readOnly
          hint="Set when the tool was added; a moderator can change it."
        />
      </div>
      <TextField
        label={LABELS.title}
        autoComplete="off"
        placeholder="e.g. JavaScript library for building user interfaces"
        {...register('title')}
        error={message('title')}
        hint={counter(watch('title'), SOFT_APPROVAL_TITLE_MAX)}
      />
      <div className="space-y-3">
        <LogoField
          label={LABELS.image}
          value={preview}
          placeholderSrc={`/logos/${tool.slug}.svg`}
          onChange={(value) => setValue('image_url', value ?? '', { shouldDirty: true, shouldValidate: true })}
        />
        <TextField
          label={LABELS.image_url}
          placeholder="https://example.com/logo.png"
          hint="Or paste the address of a PNG or JPEG image."
          inputMode="url"
          autoComplete="off"
          {...register('image_url')}
          error={message('image_url')}
        />
      </div>
      <TextAreaField
        label={LABELS.description}
        maxLength={SOFT_APPROVAL_DESCRIPTION_MAX}
        rows={3}
        {...register('description')}
        error={message('description')}
        hint={counter(watch('description'), SOFT_APPROVAL_DESCRIPTION_MAX)}
      />
      <TextField
        label={LABELS.twitter_username}
        placeholder="@handle"
        autoComplete="off"
        {...register('twitter_username')}
        error={message('twitter_username')}
      />
      <TextAreaField
        label={LABELS.features}
        maxLength={SOFT_APPROVAL_FEATURES_MAX}
        rows={4}
        placeholder="Fast; Small bundle; Great docs"
        {...register('features')}
        error={message('features')}
        hint={counter(watch('features'), SOFT_APPROVAL_FEATURES_MAX)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={formState.isSubmitting}>
          {SUBMIT_FOR_APPROVAL}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
