// Onboarding's basic information (specs/onboarding-customers-teams-notifications.md §2 'basic-information', §5):
// the photo, first and last name, company and job title, and the weekly newsletter box. The onboarding step and
// profile settings show the same fields ('You can update this information later'), so both use these.
import { Mail } from 'lucide-react'
import type { InputHTMLAttributes } from 'react'
import { ONBOARDING_NAME_MAX } from '#contracts/onboarding.ts'
import { fieldMessage } from '../../lib/field-errors.ts'
import { TextField } from '../ui/field.tsx'
import { CompanySuggestField } from './company-suggest-field.tsx'
import { PhotoField } from './photo-field.tsx'

export interface BasicInformationValues {
  /** The photo shown: the uploaded one, else the current one. */
  picture: string | null
  first_name: string
  last_name: string
  company_name: string
  title: string
}
type TextFieldName = Exclude<keyof BasicInformationValues, 'picture'>

export function BasicInformationFields({
  values,
  onChange,
  disabled,
  errors = {},
}: {
  values: BasicInformationValues
  /** A typed text, or the uploaded photo's address. */
  onChange: (field: keyof BasicInformationValues, value: string) => void
  disabled?: boolean
  /** Messages for the inputs ("is too long (maximum is 30 characters)"), shown as 'First name is too long ...'. */
  errors?: Partial<Record<TextFieldName, string>>
}) {
  const text = (field: TextFieldName, label: string, autoComplete: string) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      maxLength={ONBOARDING_NAME_MAX}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
      disabled={disabled}
      error={fieldMessage(label, errors[field])}
    />
  )
  return (
    <>
      <PhotoField value={values.picture} onChange={(url) => onChange('picture', url)} disabled={disabled} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {text('first_name', 'First name', 'given-name')}
        {text('last_name', 'Last name', 'family-name')}
        <CompanySuggestField
          value={values.company_name}
          onChange={(value) => onChange('company_name', value)}
          disabled={disabled}
          error={fieldMessage('Company', errors.company_name)}
        />
        {text('title', 'Job title', 'organization-title')}
      </div>
    </>
  )
}

/** 'The weekly newsletter / Never miss out on the latest tech trends', 'Yup, Subscribe me': the checkbox's props. */
export function NewsletterCheckbox(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  return (
    <fieldset className="relative min-w-0 rounded-xl bg-slate-50 py-4 pr-4 pl-12 ring-1 ring-slate-200">
      <Mail className="absolute top-4.5 left-4 size-5 text-brand-600" aria-hidden="true" />
      {/* floated: the legend sits in the box like a heading, not on its border */}
      <legend className="float-left w-full text-sm font-semibold text-slate-900">The weekly newsletter</legend>
      <p className="clear-left text-sm text-slate-600">Never miss out on the latest tech trends</p>
      <label className="mt-2 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" {...props} className="size-4 rounded border-slate-300 accent-brand-600" />
        Yup, Subscribe me
      </label>
    </fieldset>
  )
}
