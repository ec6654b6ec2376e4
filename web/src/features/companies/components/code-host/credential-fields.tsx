// A code host's credentials: a token, or (GitHub) an App's id, installation id and private key. Never filled from the
// server: when some are stored, the fields say so and a blank field keeps them.
import type { CodeHost, PutCodeHostInput } from '#contracts/code-hosts.ts'
import { TextAreaField, TextField } from '../../../../components/ui/field.tsx'

export interface CredentialValues {
  auth_type: 'token' | 'app'
  token: string
  app_id: string
  installation_id: string
  private_key: string
}

type Auth = NonNullable<Extract<PutCodeHostInput, { kind: 'github' }>['auth']>

/** The fields these credentials show a server error at. */
export const CREDENTIAL_FIELDS = ['auth', 'token', 'app_id', 'installation_id', 'private_key']

/** Whether the refusal shows at none of `fields` (then it shows above the form). */
export const isRefusedElsewhere = (error: { fields: Record<string, unknown> }, fields: readonly string[]) =>
  !Object.keys(error.fields).some((field) => fields.includes(field))

export const STORED_HINT = 'Stored; enter a new one to replace it.'

export function emptyCredentials(codeHost: CodeHost | null): CredentialValues {
  return {
    auth_type: codeHost?.auth_type ?? 'token',
    token: '',
    // the App's ids are not secret: shown back, so replacing its key does not mean retyping them
    app_id: codeHost?.app_id ?? '',
    installation_id: codeHost?.installation_id ?? '',
    private_key: '',
  }
}

/** The credentials typed, or undefined when none were (the stored ones are kept). */
export function credentialsOf(values: CredentialValues): Auth | undefined {
  if (values.auth_type === 'token') return values.token.trim() ? { type: 'token', token: values.token } : undefined
  if (!values.private_key.trim()) return undefined
  return {
    type: 'app',
    app_id: values.app_id,
    installation_id: values.installation_id,
    private_key: values.private_key,
  }
}

export function CredentialFields({
  kind,
  values,
  onChange,
  fieldError,
  isStored,
}: {
  kind: 'github' | 'gitlab'
  values: CredentialValues
  onChange: (next: Partial<CredentialValues>) => void
  fieldError: (field: string) => string | undefined
  /** Credentials of this kind are stored: blank fields keep them. */
  isStored: boolean
}) {
  const authType = kind === 'gitlab' ? 'token' : values.auth_type
  const missing = fieldError('auth')
  return (
    <fieldset className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <legend className="sr-only">Credentials</legend>
      <p className="text-sm font-medium text-slate-700">Credentials</p>
      {kind === 'github' && (
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="auth_type"
              checked={authType === 'token'}
              onChange={() => onChange({ auth_type: 'token' })}
              className="size-4 text-brand-600"
            />
            Token
          </label>
          <label className="inline-flex items-center gap-2">
            <input
              type="radio"
              name="auth_type"
              checked={authType === 'app'}
              onChange={() => onChange({ auth_type: 'app' })}
              className="size-4 text-brand-600"
            />
            GitHub App installation
          </label>
        </div>
      )}
      {authType === 'token' ? (
        <TextField
          label="Access token"
          type="password"
          autoComplete="off"
          value={values.token}
          onChange={(event) => onChange({ token: event.target.value })}
          error={fieldError('token') ?? missing}
          hint={isStored ? STORED_HINT : 'Read access to the repositories is enough.'}
          placeholder={isStored ? '••••••••' : undefined}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="App id"
              inputMode="numeric"
              value={values.app_id}
              onChange={(event) => onChange({ app_id: event.target.value })}
              error={fieldError('app_id')}
            />
            <TextField
              label="Installation id"
              inputMode="numeric"
              value={values.installation_id}
              onChange={(event) => onChange({ installation_id: event.target.value })}
              error={fieldError('installation_id')}
            />
          </div>
          <TextAreaField
            label="Private key"
            value={values.private_key}
            onChange={(event) => onChange({ private_key: event.target.value })}
            error={fieldError('private_key') ?? missing}
            hint={isStored ? STORED_HINT : 'The App\'s PEM key ("-----BEGIN RSA PRIVATE KEY-----...").'}
            rows={4}
            spellCheck={false}
            autoComplete="off"
            className="font-mono"
          />
        </>
      )}
    </fieldset>
  )
}
