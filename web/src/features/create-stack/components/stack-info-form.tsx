// The stack's details (spec §2 stack-info and the edit area's info page, §5): name (required, at least 3, free for
// the owner: checked on blur), description, website or GitHub URL, the private/public choice when the owner allows
// it, and a logo. The page's own buttons ask validate() before moving on.
import { zodResolver } from '@hookform/resolvers/zod'
import { Globe, Lock } from 'lucide-react'
import { type ReactNode, type Ref, useEffect, useImperativeHandle } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { ImageUrl, STACK_NAME_TAKEN, StackDescription, StackName, StackWebsiteUrl } from '#contracts/stacks.ts'
import { LogoField } from '../../../components/logo-field.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { formFieldMessage } from '../../../lib/form-messages.ts'
import { getStackNameAvailable } from '../api/get-stack-name-available.ts'
import type { StackInfoDraft } from '../state/wizard-state.ts'

export const StackInfoSchema = z.object({
  name: StackName,
  description: StackDescription,
  website_url: StackWebsiteUrl,
  private: z.boolean(),
  image_url: ImageUrl,
})
type StackInfoInput = z.input<typeof StackInfoSchema>
export type StackInfoValues = z.output<typeof StackInfoSchema>

const LABELS = { name: 'Stack Name', description: 'Description', website_url: 'Website or GitHub URL' } as const
const FIELDS: Array<keyof StackInfoInput> = ['name', 'description', 'website_url', 'private', 'image_url']
const TAKEN = 'taken'

export interface StackInfoFormHandle {
  /** Validates every input and the name's availability; the values when all pass, else null (errors shown). */
  validate(): Promise<StackInfoValues | null>
  /** Puts the server's field errors onto the inputs; answers the form-level message, if any. */
  applyServerError(error: unknown): string
  focusName(): void
}

export function StackInfoForm({
  ref,
  defaultValues,
  onDraftChange,
  ownerSlot,
  showsPrivacyChoice,
  nameCheck,
  disabled,
  onSubmit,
  privateValue,
  children,
}: {
  /** The owner's privacy, when choosing another owner changes it (spec §4: forced public, or restored). */
  privateValue?: boolean
  ref: Ref<StackInfoFormHandle>
  /** Enter in an input, or a submit button among the children. */
  onSubmit?: () => void
  defaultValues: StackInfoDraft
  onDraftChange: (draft: StackInfoDraft) => void
  ownerSlot: ReactNode
  showsPrivacyChoice: boolean
  /** The owner to check the name against ('personal' or a company id; null: not checked) and the edited stack. */
  nameCheck: { owner: 'personal' | number | null; stackId?: number }
  disabled?: boolean
  children?: ReactNode
}) {
  const form = useForm<StackInfoInput, unknown, StackInfoValues>({
    resolver: zodResolver(StackInfoSchema),
    defaultValues,
    mode: 'onTouched',
  })
  const { register, formState, setError, clearErrors, watch, setValue, getValues, trigger, setFocus } = form

  useEffect(() => {
    const subscription = watch((values) =>
      onDraftChange({
        name: values.name ?? '',
        description: values.description ?? '',
        website_url: values.website_url ?? '',
        private: values.private ?? false,
        image_url: values.image_url ?? null,
      }),
    )
    return () => subscription.unsubscribe()
  }, [watch, onDraftChange])

  useEffect(() => {
    if (privateValue !== undefined && getValues('private') !== privateValue) setValue('private', privateValue)
  }, [privateValue, getValues, setValue])

  // A name taken by one owner may be free for another: a new owner clears the old verdict.
  const owner = nameCheck.owner
  useEffect(() => {
    if (owner !== undefined && form.getFieldState('name').error?.type === TAKEN) clearErrors('name')
  }, [owner, clearErrors, form])

  const isNameAvailable = async (name: string): Promise<boolean> => {
    if (nameCheck.owner === null || !StackName.safeParse(name).success) return true
    try {
      const available = await getStackNameAvailable({
        owner: nameCheck.owner,
        name: name.trim(),
        stackId: nameCheck.stackId,
      })
      if (!available) setError('name', { type: TAKEN, message: STACK_NAME_TAKEN })
      return available
    } catch {
      return true // the server checks again on save
    }
  }

  useImperativeHandle(ref, () => ({
    async validate() {
      const isValid = await trigger()
      if (!isValid) return null
      const parsed = StackInfoSchema.safeParse(getValues())
      if (!parsed.success) return null
      if (!(await isNameAvailable(parsed.data.name))) {
        setFocus('name')
        return null
      }
      return parsed.data
    },
    applyServerError: (error) => applyServerErrors(error, setError, FIELDS),
    focusName: () => setFocus('name'),
  }))

  const errors = formState.errors
  const isPrivate = watch('private')
  const imageUrl = watch('image_url') ?? null
  const nameField = register('name', { onBlur: (event) => isNameAvailable(event.target.value) })

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit?.()
      }}
    >
      {ownerSlot}
      <TextField
        label={LABELS.name}
        placeholder="e.g. Acme Web App"
        disabled={disabled}
        {...nameField}
        error={formFieldMessage(LABELS.name, errors.name)}
      />
      <TextAreaField
        label={LABELS.description}
        rows={3}
        placeholder="What does this stack power? (optional)"
        disabled={disabled}
        {...register('description')}
        error={formFieldMessage(LABELS.description, errors.description)}
      />
      <TextField
        label={LABELS.website_url}
        placeholder="example.com or github.com/owner/repo (optional)"
        inputMode="url"
        disabled={disabled}
        {...register('website_url')}
        error={formFieldMessage(LABELS.website_url, errors.website_url)}
      />
      {showsPrivacyChoice && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Visibility</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <PrivacyOption
              name="stack-visibility"
              checked={!isPrivate}
              disabled={disabled}
              onChange={() => setValue('private', false, { shouldDirty: true })}
              icon={<Globe className="size-5" aria-hidden="true" />}
              title="Public"
              detail="Anyone can see this stack."
            />
            <PrivacyOption
              name="stack-visibility"
              checked={Boolean(isPrivate)}
              disabled={disabled}
              onChange={() => setValue('private', true, { shouldDirty: true })}
              icon={<Lock className="size-5" aria-hidden="true" />}
              title="Private"
              detail="Only the owner's members can see it."
            />
          </div>
        </fieldset>
      )}
      <LogoField
        label="Stack logo"
        value={imageUrl}
        disabled={disabled}
        onChange={(value) => setValue('image_url', value, { shouldDirty: true })}
      />
      {children}
    </form>
  )
}

function PrivacyOption({
  name,
  checked,
  onChange,
  icon,
  title,
  detail,
  disabled,
}: {
  name: string
  checked: boolean
  onChange: () => void
  icon: ReactNode
  title: string
  detail: string
  disabled?: boolean
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-xl bg-white p-3 ring-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'ring-2 ring-brand-600' : 'ring-slate-200 hover:ring-slate-300',
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} disabled={disabled} className="sr-only" />
      <span className={cn('mt-0.5', checked ? 'text-brand-600' : 'text-slate-400')}>{icon}</span>
      <span>
        <span className="block text-sm font-semibold text-slate-900">{title}</span>
        <span className="block text-xs text-slate-500">{detail}</span>
      </span>
    </label>
  )
}
