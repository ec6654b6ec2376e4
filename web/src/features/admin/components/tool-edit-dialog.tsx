// A moderator's edit of a submitted tool: the soft-approval form's fields and rules (contracts/soft-approval.ts),
// plus the website (read-only for the submitter) and the category the approved tool will be listed under.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { EditToolBody, type ModerationTool } from '#contracts/moderation.ts'
import {
  SOFT_APPROVAL_DESCRIPTION_MAX,
  SOFT_APPROVAL_FEATURES_MAX,
  SOFT_APPROVAL_TITLE_MAX,
} from '#contracts/soft-approval.ts'
import { LogoField } from '../../../components/logo-field.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useLayers } from '../../../lib/get-layers.ts'
import { type EditToolValues, useEditTool } from '../api/edit-tool.ts'

const Schema = EditToolBody.shape.service
type EditToolInput = z.input<typeof Schema>

const LABELS = {
  name: 'Name',
  title: 'One-line description',
  website_url: 'Website URL',
  category: 'Category',
  image_url: 'Image URL',
  description: 'Description',
  twitter_username: 'Twitter Handle',
  features: 'Features (separated by semicolon)',
} as const
const FIELDS = Object.keys(LABELS) as Array<keyof typeof LABELS>

const counter = (value: string | null | undefined, max: number) => `${(value ?? '').length}/${max}`

export function ToolEditDialog({
  tool,
  onClose,
  onSaved,
}: {
  tool: ModerationTool
  onClose: () => void
  onSaved: (tool: ModerationTool) => void
}) {
  const edit = useEditTool()
  const layers = useLayers()
  const form = useForm<EditToolInput, unknown, EditToolValues>({
    resolver: zodResolver(Schema),
    defaultValues: {
      name: tool.name,
      title: tool.title ?? '',
      description: tool.description ?? '',
      image_url: tool.custom_image_url ?? '',
      twitter_username: tool.twitter_username ?? '',
      features: tool.features ?? '',
      website_url: tool.website_url ?? '',
      category: tool.category?.slug ?? '',
    },
  })
  const { register, handleSubmit, formState, setError, watch, setValue } = form
  const [formError, setFormError] = useState('')
  const errors = formState.errors
  const message = (field: keyof typeof LABELS) => fieldMessage(LABELS[field], errors[field]?.message)
  const imageUrl = (watch('image_url') ?? '').trim()

  const submit = handleSubmit(async (service) => {
    setFormError('')
    try {
      const answer = await edit.mutateAsync({ id: tool.id, service })
      onSaved(answer.tool)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS))
    }
  })

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${tool.name}`}
      description="Changes are written to the moderation log."
      className="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label={LABELS.name} autoComplete="off" {...register('name')} error={message('name')} />
          <TextField
            label={LABELS.website_url}
            inputMode="url"
            autoComplete="off"
            {...register('website_url')}
            error={message('website_url')}
          />
        </div>
        <TextField
          label={LABELS.title}
          autoComplete="off"
          {...register('title')}
          error={message('title')}
          hint={counter(watch('title'), SOFT_APPROVAL_TITLE_MAX)}
        />
        <div className="space-y-1">
          <label htmlFor="edit-tool-category" className="block text-sm font-medium text-slate-700">
            {LABELS.category}
          </label>
          <select
            id="edit-tool-category"
            {...register('category')}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
            aria-invalid={errors.category ? true : undefined}
          >
            <option value="">No category</option>
            {layers.data?.layers.map((layer) => (
              <optgroup key={layer.slug} label={layer.name}>
                {layer.categories.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {errors.category && (
            <p className="text-sm text-red-600" role="alert">
              {message('category')}
            </p>
          )}
        </div>
        <div className="space-y-3">
          <LogoField
            label="Image"
            value={/^(\/uploads\/|https?:\/\/)/i.test(imageUrl) ? imageUrl : null}
            placeholderSrc={`/logos/${tool.slug}.svg`}
            onChange={(value) => setValue('image_url', value ?? '', { shouldDirty: true, shouldValidate: true })}
          />
          <TextField
            label={LABELS.image_url}
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
          autoComplete="off"
          {...register('twitter_username')}
          error={message('twitter_username')}
        />
        <TextAreaField
          label={LABELS.features}
          maxLength={SOFT_APPROVAL_FEATURES_MAX}
          rows={3}
          {...register('features')}
          error={message('features')}
          hint={counter(watch('features'), SOFT_APPROVAL_FEATURES_MAX)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={formState.isSubmitting}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
