// The job form a company's admins post and edit jobs with: every rule of contracts/jobs.ts JobForm, checked as the
// server checks it; the tools come from the shared tool picker (components/tool-picker), as on Stack Match.
import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  addDaysUtc,
  type CompanyJob,
  JOB_DESCRIPTION_MAX,
  JOB_EXPIRY_DEFAULT_DAYS,
  JOB_EXPIRY_MAX_DAYS,
  JOB_TOOLS_MAX,
  JobForm,
  todayUtc,
} from '#contracts/jobs.ts'
import { type PickedTool, ToolPicker } from '../../../components/tool-picker/tool-picker.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'

type JobInput = z.input<typeof JobForm>
export type JobValues = z.output<typeof JobForm>

const LABELS = {
  title: 'Title',
  apply_url: 'Apply URL',
  city: 'City',
  location: 'Location',
  description: 'Description',
  tool_ids: 'Tools',
  expires_on: 'Expiry date',
} as const
const FIELDS = [...Object.keys(LABELS), 'remote', 'full_time', 'freelance'] as Array<keyof JobInput>

function defaultsOf(job?: CompanyJob): JobInput {
  return {
    title: job?.title ?? '',
    apply_url: job?.apply_url ?? '',
    city: job?.city ?? '',
    location: job?.location ?? '',
    remote: job?.remote ?? false,
    full_time: job?.full_time ?? true,
    freelance: job?.freelance ?? false,
    description: job?.description ?? '',
    tool_ids: job?.tools.map((tool) => tool.id) ?? [],
    expires_on: job?.expires_on ?? addDaysUtc(todayUtc(), JOB_EXPIRY_DEFAULT_DAYS),
  }
}

export function JobFormView({
  job,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  /** The job being edited; a new job when missing. */
  job?: CompanyJob
  submitLabel: string
  /** Throws ApiError for the server's answer; its field errors go onto the inputs. */
  onSubmit: (values: JobValues) => Promise<void>
  onCancel: () => void
}) {
  const form = useForm<JobInput, unknown, JobValues>({
    resolver: zodResolver(JobForm),
    defaultValues: defaultsOf(job),
    mode: 'onTouched',
  })
  const { register, handleSubmit, formState, setError, control } = form
  const [tools, setTools] = useState<PickedTool[]>(job?.tools.map((tool) => ({ ...tool, required: true })) ?? [])
  const [formError, setFormError] = useState('')
  const toolsErrorId = useId()
  const errorOf = (field: keyof typeof LABELS) => fieldMessage(LABELS[field], formState.errors[field]?.message)
  const today = todayUtc()

  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      await onSubmit(values)
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS))
    }
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        label="Title"
        placeholder="e.g. Senior Backend Engineer"
        error={errorOf('title')}
        {...register('title')}
      />
      <TextField
        label="Apply URL"
        type="url"
        placeholder="https://"
        hint="Where candidates apply: your careers page or the job's posting."
        error={errorOf('apply_url')}
        {...register('apply_url')}
      />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <TextField label="City" placeholder="e.g. Berlin" error={errorOf('city')} {...register('city')} />
        <TextField
          label="Location"
          placeholder="e.g. Berlin, Germany or Remote, Europe"
          error={errorOf('location')}
          {...register('location')}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Job type</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-brand-600" {...register('remote')} /> Remote
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-brand-600" {...register('full_time')} /> Full-time
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-brand-600" {...register('freelance')} /> Freelance
          </label>
        </div>
      </fieldset>
      <Controller
        control={control}
        name="tool_ids"
        render={({ field, fieldState }) => {
          const change = (next: PickedTool[]) => {
            setTools(next)
            field.onChange(next.map((tool) => tool.id))
          }
          const message = fieldMessage(LABELS.tool_ids, fieldState.error?.message)
          return (
            <div className="space-y-1">
              <ToolPicker
                label="Tools"
                tone="include"
                placeholder="Add a tool the job uses, e.g. PostgreSQL"
                tools={tools}
                max={JOB_TOOLS_MAX}
                invalid={Boolean(message)}
                describedBy={message ? toolsErrorId : undefined}
                onAdd={(tool) => change([...tools.filter((item) => item.id !== tool.id), tool])}
                onRemove={(slug) => change(tools.filter((item) => item.slug !== slug))}
              />
              {message ? (
                <p id={toolsErrorId} role="alert" className="text-sm text-red-600">
                  {message}
                </p>
              ) : (
                <p className="text-xs text-slate-500">
                  Stack Match finds the job by these tools (up to {JOB_TOOLS_MAX}).
                </p>
              )}
            </div>
          )
        }}
      />
      <TextAreaField
        label="Description"
        rows={8}
        maxLength={JOB_DESCRIPTION_MAX}
        placeholder="What the team does, what the job is, who you are looking for."
        error={errorOf('description')}
        {...register('description')}
      />
      <TextField
        label="Expiry date"
        type="date"
        min={today}
        max={addDaysUtc(today, JOB_EXPIRY_MAX_DAYS)}
        hint="The job shows in Stack Match through this day (UTC)."
        error={errorOf('expires_on')}
        className="sm:w-56"
        {...register('expires_on')}
      />
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <Button type="submit" isLoading={formState.isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
