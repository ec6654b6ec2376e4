// The code host's connect and settings form (issue 18 "Connect", decision 063 "Screen"): the kind (GitHub with a
// token or an App installation, GitLab, a list of git URLs), filters, removal policy and schedule. Credentials are
// never shown back: with a connection, a blank credential field keeps the stored one. The server's field errors
// show at their fields (the envelope's `fields`, keyed by the body's last path segment).
import { type FormEvent, useState } from 'react'
import {
  CODE_HOST_KINDS,
  type CodeHost,
  type PutCodeHostInput,
  type PutCodeHostResponse,
} from '#contracts/code-hosts.ts'
import { Alert } from '../../../../components/ui/alert.tsx'
import { Button } from '../../../../components/ui/button.tsx'
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/field.tsx'
import { ApiError } from '../../../../lib/api.ts'
import { useSaveCodeHost } from '../../api/save-code-host.ts'
import {
  CREDENTIAL_FIELDS,
  CredentialFields,
  type CredentialValues,
  credentialsOf,
  emptyCredentials,
  isRefusedElsewhere,
} from './credential-fields.tsx'

type Kind = (typeof CODE_HOST_KINDS)[number]

/** The fields the form shows a server error at; any other refusal shows above the form. */
const SHOWN_FIELDS = [
  'urls',
  'api_url',
  'owner',
  'group',
  'include',
  'exclude',
  'removal_policy',
  'schedule',
  ...CREDENTIAL_FIELDS,
]

const KIND_LABELS: Record<Kind, string> = { github: 'GitHub', gitlab: 'GitLab', git: 'Git URLs' }
const DEFAULT_API_URL: Record<Exclude<Kind, 'git'>, string> = {
  github: 'https://api.github.com',
  gitlab: 'https://gitlab.com',
}

interface FormValues extends CredentialValues {
  kind: Kind
  api_url: string
  owner: string
  group: string
  urls: string
  include: string
  exclude: string
  skip_archived: boolean
  skip_forks: boolean
  removal_policy: 'review' | 'automatic'
  schedule: 'daily' | 'off'
}

function valuesOf(codeHost: CodeHost | null): FormValues {
  return {
    kind: codeHost?.kind ?? 'github',
    api_url: codeHost?.api_url ?? DEFAULT_API_URL.github,
    owner: codeHost?.owner ?? '',
    group: codeHost?.group ?? '',
    urls: codeHost?.urls.join('\n') ?? '',
    include: codeHost?.include.join('\n') ?? '',
    exclude: codeHost?.exclude.join('\n') ?? '',
    skip_archived: codeHost?.skip_archived ?? true,
    skip_forks: codeHost?.skip_forks ?? true,
    removal_policy: codeHost?.removal_policy ?? 'review',
    schedule: codeHost?.schedule ?? 'daily',
    ...emptyCredentials(codeHost),
  }
}

/** One item a line (commas and spaces separate too, for patterns pasted from elsewhere). */
const linesOf = (text: string, separators: RegExp) =>
  text
    .split(separators)
    .map((line) => line.trim())
    .filter(Boolean)

function bodyOf(values: FormValues): PutCodeHostInput {
  const common = {
    include: linesOf(values.include, /[\s,]+/),
    exclude: linesOf(values.exclude, /[\s,]+/),
    skip_archived: values.skip_archived,
    skip_forks: values.skip_forks,
    removal_policy: values.removal_policy,
    schedule: values.schedule,
  }
  const auth = credentialsOf(values)
  if (values.kind === 'git') return { kind: 'git', urls: linesOf(values.urls, /\s+/), ...common }
  if (values.kind === 'gitlab') {
    return {
      kind: 'gitlab',
      api_url: values.api_url,
      group: values.group,
      ...(auth?.type === 'token' ? { auth } : {}),
      ...common,
    }
  }
  return { kind: 'github', api_url: values.api_url, owner: values.owner, ...(auth ? { auth } : {}), ...common }
}

export function CodeHostForm({
  slug,
  codeHost,
  onSaved,
  onCancel,
}: {
  slug: string
  /** The connection being edited; null to connect one. */
  codeHost: CodeHost | null
  onSaved: (answer: PutCodeHostResponse) => void
  onCancel?: () => void
}) {
  const [values, setValues] = useState(() => valuesOf(codeHost))
  const save = useSaveCodeHost(slug)
  const error = save.error instanceof ApiError ? save.error : null
  const fieldError = (field: string) => error?.fields[field]?.join(', ')
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }))
  /** A text field's value, its change and the server's error at it. */
  const bind = (key: 'urls' | 'api_url' | 'owner' | 'group' | 'include' | 'exclude') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: fieldError(key),
    spellCheck: false,
  })
  // credentials are kept only for the same kind: another kind needs its own
  const hasStoredCredentials = Boolean(codeHost?.has_credentials && codeHost.kind === values.kind)

  const chooseKind = (kind: Kind) =>
    setValues((current) => ({
      ...current,
      kind,
      api_url:
        kind === 'git' ? current.api_url : (codeHost?.kind === kind && codeHost.api_url) || DEFAULT_API_URL[kind],
      auth_type: kind === 'gitlab' ? 'token' : current.auth_type,
    }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ slug, body: bodyOf(values) }, { onSuccess: onSaved })
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-6">
      {error && isRefusedElsewhere(error, SHOWN_FIELDS) && (
        <Alert tone="error">
          {error.message}
          {error.errorMsg ? ` ${error.errorMsg}` : ''}
        </Alert>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Code host</legend>
        <div className="flex flex-wrap gap-2">
          {CODE_HOST_KINDS.map((kind) => (
            <label
              key={kind}
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 text-sm ring-1 ring-slate-300 has-checked:bg-brand-50 has-checked:ring-brand-500"
            >
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={values.kind === kind}
                onChange={() => chooseKind(kind)}
                className="size-4 text-brand-600"
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>

      {values.kind === 'git' ? (
        <TextAreaField
          label="Repository URLs"
          hint="One http(s) git URL a line, cloned without credentials."
          {...bind('urls')}
          rows={5}
          className="font-mono"
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={values.kind === 'github' ? 'API URL' : 'GitLab URL'}
            hint={values.kind === 'github' ? 'GitHub Enterprise: its /api/v3 address.' : 'Self-managed: its address.'}
            {...bind('api_url')}
            inputMode="url"
          />
          {values.kind === 'github' ? (
            <TextField label="Organisation" hint="The organisation's (or user's) login." {...bind('owner')} />
          ) : (
            <TextField label="Group path" hint="Its full path: acme/platform." {...bind('group')} />
          )}
        </div>
      )}

      {values.kind !== 'git' && (
        <CredentialFields
          kind={values.kind}
          values={values}
          onChange={(next) => setValues((current) => ({ ...current, ...next }))}
          fieldError={fieldError}
          isStored={hasStoredCredentials}
        />
      )}

      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-slate-700">Which repositories</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextAreaField
            label="Include"
            hint="Patterns on the full name, one a line: acme/api-*. Empty: all."
            {...bind('include')}
            rows={3}
            className="min-h-20 font-mono"
          />
          <TextAreaField
            label="Exclude"
            hint="acme/legacy/** leaves out a whole folder."
            {...bind('exclude')}
            rows={3}
            className="min-h-20 font-mono"
          />
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          <Checkbox
            checked={values.skip_archived}
            onChange={(checked) => set('skip_archived', checked)}
            label="Skip archived repositories"
          />
          <Checkbox checked={values.skip_forks} onChange={(checked) => set('skip_forks', checked)} label="Skip forks" />
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tools the code no longer uses"
          value={values.removal_policy}
          onChange={(event) => set('removal_policy', event.target.value as FormValues['removal_policy'])}
          error={fieldError('removal_policy')}
        >
          <option value="review">Flag them for review</option>
          <option value="automatic">Remove them automatically</option>
        </SelectField>
        <SelectField
          label="Schedule"
          value={values.schedule}
          onChange={(event) => set('schedule', event.target.value as FormValues['schedule'])}
          error={fieldError('schedule')}
        >
          <option value="daily">Sync daily</option>
          <option value="off">Only when I press Sync now</option>
        </SelectField>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={save.isPending}>
          {codeHost ? 'Save settings' : 'Connect'}
        </Button>
      </div>
    </form>
  )
}

function Checkbox({
  checked,
  onChange,
  label,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
}) {
  return (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-300 text-brand-600"
      />
      {label}
    </label>
  )
}
