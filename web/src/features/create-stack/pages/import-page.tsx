// /create-stack/import (issue 18, decision 061): a stack made from a stack file (StackShare's techstack.yml, a
// Backstage catalog-info.yaml, a CycloneDX SBOM), for the user or a company they administer. The file is chosen or
// pasted; after the import, the stack's link and the file's names that are not in the stack (never dropped
// silently). Visitors are asked to sign in first.
import { ArrowLeft, ArrowRight, FileUp } from 'lucide-react'
import { type ChangeEvent, type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { formatInteger } from '#contracts/counts.ts'
import {
  IMPORTABLE_STACK_FILE_FORMATS,
  type ImportableStackFileFormat,
  type ImportStackResponse,
  STACK_FILE_FORMAT_LABELS,
  STACK_FILE_MAX_CHARACTERS,
  type UnmatchedEntry,
} from '#contracts/stack-files.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api.ts'
import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useMyCompanies } from '../../../lib/get-my-companies.ts'
import { plural } from '../../../lib/plural.ts'
import { useCurrentUser, useSignInModal } from '../../../lib/session.tsx'
import { useImportStackFile } from '../api/import-stack-file.ts'

const PERSONAL = ''

/** The format a chosen file most likely is, by its name. */
function formatOfFileName(name: string): ImportableStackFileFormat | null {
  const lower = name.toLowerCase()
  if (lower.endsWith('.json')) return 'cyclonedx'
  if (lower.startsWith('catalog-info')) return 'backstage'
  if (lower.startsWith('techstack')) return 'techstack'
  return null
}

const REASONS: Record<UnmatchedEntry['reason'], string> = {
  not_in_catalog: 'not in our catalog',
  over_limit: 'past the 500 tools a stack holds',
  unreadable_name: 'its name holds control characters',
}

export default function ImportPage() {
  useDocumentTitle('Import a stack file')
  const { user, isLoading } = useCurrentUser()
  const modal = useSignInModal()
  const companies = useMyCompanies({ enabled: Boolean(user) })
  const mutation = useImportStackFile()
  const fileId = useId()
  const [format, setFormat] = useState<ImportableStackFileFormat>('techstack')
  const [owner, setOwner] = useState(PERSONAL)
  const [text, setText] = useState('')
  const [name, setName] = useState('')
  const [fileNote, setFileNote] = useState<string | null>(null)
  const adminOf = (companies.data?.companies ?? []).filter((company) => company.current_user_admin)

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    const guessed = formatOfFileName(file.name)
    if (guessed) setFormat(guessed)
    setText(await file.text())
    setFileNote(`${file.name} (${formatInteger(file.size)} bytes)`)
    mutation.reset()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!user) {
      modal.open({ reason: 'Sign in to import a stack file.', mode: 'sign-in' })
      return
    }
    mutation.mutate({ format, text, owner: owner || undefined, name: name.trim() || undefined })
  }

  const error = mutation.error instanceof ApiError ? mutation.error : null
  const fieldError = (field: string) => error?.fields[field]?.join(', ')

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-14">
      <Link
        to="/create-stack/scan"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Create A Stack
      </Link>
      <div className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Import a stack file</h1>
        <p className="mt-2 text-slate-600">
          Bring a stack from StackShare (techstack.yml), Backstage (catalog-info.yaml) or a CycloneDX SBOM. Its tools
          are matched to our catalog; whatever is not found is listed after the import.
        </p>
      </div>

      {!isLoading && !user && (
        <Alert tone="info" className="mt-6">
          You need to sign in to import a stack file.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => modal.open({ reason: 'Sign in to import a stack file.', mode: 'sign-in' })}
          >
            Sign in
          </button>
        </Alert>
      )}

      <form
        onSubmit={submit}
        noValidate
        className="mt-6 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Format"
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportableStackFileFormat)}
          >
            {IMPORTABLE_STACK_FILE_FORMATS.map((value) => (
              <option key={value} value={value}>
                {STACK_FILE_FORMAT_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Owner" value={owner} onChange={(event) => setOwner(event.target.value)}>
            <option value={PERSONAL}>Personal</option>
            {adminOf.map((company) => (
              <option key={company.id} value={company.slug}>
                {company.name}
              </option>
            ))}
          </SelectField>
        </div>

        <div className="space-y-1">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
            File
          </label>
          <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-700 focus-within:ring-2 focus-within:ring-brand-500 hover:bg-slate-50">
            <FileUp className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="min-w-0 truncate">
              {fileNote ?? 'Choose techstack.yml, catalog-info.yaml or an SBOM (.json)'}
            </span>
            <input
              id={fileId}
              type="file"
              accept=".yml,.yaml,.json,application/json,application/yaml,text/yaml"
              onChange={(event) => void chooseFile(event)}
              className="sr-only"
            />
          </label>
        </div>

        <TextAreaField
          label="Or paste the file"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setFileNote(null)
          }}
          spellCheck={false}
          maxLength={STACK_FILE_MAX_CHARACTERS}
          error={fieldError('text')}
          className="min-h-48 font-mono text-xs"
        />

        <TextField
          label="Stack name (optional)"
          hint="Taken from the file when left empty; give one when the file has none or the name is taken."
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError('name')}
        />

        {error && !error.fields.text && !error.fields.name && <Alert tone="error">{error.message}</Alert>}
        {mutation.error && !error && <Alert tone="error">We couldn't import this file. Please try again.</Alert>}

        <div className="flex justify-end">
          <Button type="submit" size="lg" isLoading={mutation.isPending} disabled={!text.trim()}>
            Import
          </Button>
        </div>
      </form>

      {mutation.data && <ImportResult result={mutation.data} />}
    </div>
  )
}

function ImportResult({ result }: { result: ImportStackResponse }) {
  return (
    <section aria-labelledby="import-result-heading" className="mt-6 space-y-4">
      <h2 id="import-result-heading" className="sr-only">
        Import result
      </h2>
      <Alert tone="success">
        {result.created ? 'Created' : 'Updated'} <strong>{result.stack.name}</strong> with{' '}
        {plural(result.tools_count, 'tool')} and {plural(result.packages_count, 'package')}.{' '}
        <Link to={result.stack.path} className="inline-flex items-center gap-1 font-semibold underline">
          View the stack <ArrowRight className="size-3.5" aria-hidden="true" />
        </Link>
      </Alert>
      {result.unmatched.length > 0 && (
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">Not imported ({result.unmatched.length})</h3>
          <p className="mt-1 text-sm text-slate-600">
            These names from the file are not in the stack. You can add tools to the catalog and then edit the stack.
          </p>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {result.unmatched.map((entry) => (
              <li
                key={`${entry.kind}:${entry.ecosystem ?? ''}:${entry.name}`}
                className="flex flex-wrap justify-between gap-x-4 py-2"
              >
                <span className="min-w-0 break-all font-medium text-slate-900">
                  {entry.name}
                  {entry.ecosystem && <span className="font-normal text-slate-500"> ({entry.ecosystem} package)</span>}
                </span>
                <span className="text-slate-600">{REASONS[entry.reason]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
