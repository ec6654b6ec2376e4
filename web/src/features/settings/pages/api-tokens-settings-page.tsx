// /settings/tokens: personal API tokens (issue 17 "API tokens"). The form makes one (name, read-only or read and
// write, expiry) and shows its secret once, with a copy button; the list shows each token's scope, dates and last
// use, with Revoke after a confirmation (docs/decisions/049-api-tokens.md).
import { zodResolver } from '@hookform/resolvers/zod'
import { Check, Copy, KeyRound } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  API_TOKENS_PER_USER,
  type ApiToken,
  type ApiTokenExpiry,
  CreateApiTokenBody,
  type CreateApiTokenInput,
  type CreatedApiToken,
  DEFAULT_API_TOKEN_EXPIRY,
} from '#contracts/api-tokens.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { cn } from '../../../components/ui/cn.ts'
import { TextField } from '../../../components/ui/field.tsx'
import { InlineConfirm } from '../../../components/ui/inline-confirm.tsx'
import { PageSpinner } from '../../../components/ui/spinner.tsx'
import { DocumentTitle } from '../../../lib/document-title.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { applyServerErrors } from '../../../lib/form-errors.ts'
import { useCurrentUser } from '../../../lib/session.tsx'
import { timeAgo } from '../../../lib/time-ago.ts'
import { useCreateApiToken } from '../api/create-api-token.ts'
import { useApiTokens } from '../api/get-api-tokens.ts'
import { useRevokeApiToken } from '../api/revoke-api-token.ts'
import { SettingsCard } from '../components/settings-card.tsx'

const EXPIRY_LABELS: Record<ApiTokenExpiry, string> = {
  '7': '7 days',
  '30': '30 days',
  '90': '90 days',
  '365': '1 year',
  never: 'Never',
}

const SCOPE_CHOICES = [
  { value: 'read', label: 'Read-only', hint: 'Reads what you can read; every change is refused.' },
  { value: 'write', label: 'Read and write', hint: 'Acts as you, except for admin work and account settings.' },
] as const

const EMPTY: CreateApiTokenInput = { name: '', scope: 'read', expires_in_days: DEFAULT_API_TOKEN_EXPIRY }

export default function ApiTokensSettingsPage() {
  const [created, setCreated] = useState<CreatedApiToken | null>(null)
  return (
    <div className="space-y-6">
      <DocumentTitle title="API tokens" />
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewTokenSecret created={created} onDone={() => setCreated(null)} />}
      <TokenList newTokenId={created?.token.id} />
    </div>
  )
}

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedApiToken) => void }) {
  const { user } = useCurrentUser()
  const create = useCreateApiToken()
  const [error, setFormError] = useState('')
  const expiryId = useId()
  const { register, handleSubmit, setError, formState, reset } = useForm<CreateApiTokenInput>({
    resolver: zodResolver(CreateApiTokenBody),
    defaultValues: EMPTY,
  })

  const submit = handleSubmit(async (values) => {
    setFormError('')
    try {
      onCreated(await create.mutateAsync(values))
      reset(EMPTY)
    } catch (failure) {
      setFormError(applyServerErrors(failure, setError, ['name', 'scope', 'expires_in_days']))
    }
  })

  return (
    <SettingsCard
      title="API tokens"
      description={
        <>
          Scripts and tools can use the API as you with a personal token, sent as{' '}
          <code className="whitespace-nowrap rounded bg-slate-100 px-1 text-xs">
            Authorization: Bearer &lt;token&gt;
          </code>
          . No token can do admin work, change your e-mail or password, or make other tokens.
        </>
      }
      onSubmit={submit}
      footer={
        <Button type="submit" isLoading={formState.isSubmitting} disabled={user?.impersonated}>
          Create token
        </Button>
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {user?.impersonated && (
        <Alert tone="warning">You are impersonating this user: API tokens cannot be made or revoked.</Alert>
      )}
      <TextField
        label="Name"
        hint="What the token is for, e.g. 'CI sync'."
        autoComplete="off"
        maxLength={80}
        {...register('name')}
        error={fieldMessage('Name', formState.errors.name?.message)}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Access</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {SCOPE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer gap-3 rounded-lg px-3 py-2.5 text-sm ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500"
            >
              <input
                type="radio"
                value={choice.value}
                {...register('scope')}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{choice.label}</span>
                <span className="block text-xs text-slate-600">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={expiryId} className="block text-sm font-medium text-slate-700">
          Expires after
        </label>
        <select
          id={expiryId}
          {...register('expires_in_days')}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500 sm:w-56"
        >
          {Object.entries(EXPIRY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </SettingsCard>
  )
}

/** The secret, shown this once: selected for copying, with a button that copies it. */
function NewTokenSecret({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const inputId = useId()

  const copy = async () => {
    inputRef.current?.select()
    try {
      await navigator.clipboard.writeText(created.secret)
      setCopied(true)
    } catch {
      // no clipboard permission: the text is selected, so Ctrl+C / Cmd+C still works
      setCopied(false)
    }
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-xl bg-emerald-50 p-5 ring-1 ring-emerald-200 sm:p-6"
      data-testid="new-api-token"
    >
      <h2 id={`${inputId}-title`} className="text-base font-semibold text-emerald-900">
        Token “{created.token.name}” created
      </h2>
      <p className="mt-1 text-sm font-medium text-emerald-900" role="status">
        Copy it now: it will not be shown again.
      </p>
      <label htmlFor={inputId} className="sr-only">
        Your new API token
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          ref={inputRef}
          readOnly
          value={created.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-xs text-slate-900 focus:outline-none focus:ring-2 focus:ring-brand-500"
        />
        <Button variant="secondary" onClick={copy} className="shrink-0">
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="ghost" onClick={onDone} className="shrink-0">
          Done
        </Button>
      </div>
    </section>
  )
}

function TokenList({ newTokenId }: { newTokenId?: number }) {
  const tokens = useApiTokens()
  return (
    <section aria-labelledby="api-token-list" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <h2 id="api-token-list" className="text-lg font-semibold text-slate-900">
          Your tokens
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Up to {API_TOKENS_PER_USER} at a time. Revoking one stops it at once.
        </p>
      </div>
      {tokens.isPending ? (
        <PageSpinner />
      ) : tokens.isError ? (
        <div className="p-5">
          <Alert tone="error">{tokens.error.message}</Alert>
        </div>
      ) : tokens.data.tokens.length === 0 ? (
        <div className="flex flex-col items-center px-5 py-10 text-center">
          <KeyRound className="size-8 text-slate-300" aria-hidden="true" />
          <p className="mt-2 text-sm font-medium text-slate-900">You have no API tokens.</p>
          <p className="mt-1 text-sm text-slate-500">Create one above to use the API from a script.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tokens.data.tokens.map((token) => (
            <TokenRow key={token.id} token={token} isNew={token.id === newTokenId} />
          ))}
        </ul>
      )}
    </section>
  )
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' })

function TokenRow({ token, isNew }: { token: ApiToken; isNew: boolean }) {
  const { user } = useCurrentUser()
  const revoke = useRevokeApiToken()
  const [isConfirming, setIsConfirming] = useState(false)
  const [error, setError] = useState('')
  const confirmRef = useRef<HTMLDivElement>(null)
  const rowRef = useRef<HTMLLIElement>(null)
  const wasConfirming = useRef(false)
  // keyboard: the question takes the focus, and Cancel gives it back to Revoke
  useEffect(() => {
    if (isConfirming) confirmRef.current?.querySelector('button')?.focus()
    else if (wasConfirming.current) rowRef.current?.querySelector<HTMLButtonElement>('[data-revoke]')?.focus()
    wasConfirming.current = isConfirming
  }, [isConfirming])

  const confirm = async () => {
    setError('')
    try {
      await revoke.mutateAsync(token.id)
    } catch (failure) {
      setError((failure as Error).message)
      setIsConfirming(false)
    }
  }

  return (
    <li ref={rowRef} className={cn('px-5 py-4 sm:px-6', isNew && 'bg-emerald-50/50')} data-testid="api-token">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-medium text-slate-900">{token.name}</span>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-medium',
                token.scope === 'write' ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
              )}
            >
              {token.scope === 'write' ? 'Read and write' : 'Read-only'}
            </span>
            {token.expired && (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Expired</span>
            )}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600">
            <dt>Created</dt>
            <dd>{formatDate(token.created_at)}</dd>
            <dt>Last used</dt>
            <dd className="break-words">
              {token.last_used_at
                ? `${timeAgo(token.last_used_at)}${token.last_used_ip ? ` from ${token.last_used_ip}` : ''}`
                : 'Never'}
            </dd>
            <dt>{token.expired ? 'Expired' : 'Expires'}</dt>
            <dd>{token.expires_at ? formatDate(token.expires_at) : 'Never'}</dd>
          </dl>
        </div>
        {!isConfirming && (
          <Button
            data-revoke
            variant="secondary"
            size="sm"
            className="shrink-0 self-start"
            onClick={() => setIsConfirming(true)}
            disabled={user?.impersonated}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        )}
      </div>
      {isConfirming && (
        <div ref={confirmRef}>
          <InlineConfirm
            question={`Revoke “${token.name}”? Anything using it stops working at once.`}
            onYes={confirm}
            onNo={() => setIsConfirming(false)}
            isPending={revoke.isPending}
          />
        </div>
      )}
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
    </li>
  )
}
