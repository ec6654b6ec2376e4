// Adding a tool the catalog lacks (POST /api/v1/services/create): a name and a website that looks like
// text.dot.text, else 'Invalid URL' (spec §5). The tool joins the stack as just added, awaiting approval.
import { useState } from 'react'
import { INVALID_URL, normalizeWebsiteUrl, type Tool } from '#contracts/tools.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { TextField } from '../../../components/ui/field.tsx'
import { track } from '../../../lib/analytics.ts'
import { ApiError } from '../../../lib/api.ts'
import { fieldMessage } from '../../../lib/field-errors.ts'
import { createTool } from '../api/create-tool.ts'

export function NewToolForm({
  initialName,
  onAdded,
  onCancel,
}: {
  initialName: string
  onAdded: (tool: Tool) => void
  onCancel: () => void
}) {
  const [name, setName] = useState(initialName)
  const [websiteUrl, setWebsiteUrl] = useState('')
  const [errors, setErrors] = useState<{ name?: string; website_url?: string; form?: string }>({})
  const [isSaving, setIsSaving] = useState(false)

  const submit = async () => {
    const next: typeof errors = {}
    if (!name.trim()) next.name = 'Name is required.'
    if (!websiteUrl.trim()) next.website_url = 'Website is required.'
    else if (!normalizeWebsiteUrl(websiteUrl)) next.website_url = INVALID_URL
    setErrors(next)
    if (next.name || next.website_url) return
    setIsSaving(true)
    try {
      const { tool } = await createTool({ name: name.trim(), website_url: websiteUrl.trim() })
      track('create_stack.tool_created', { tool_id: tool.id, just_added: tool.just_added })
      onAdded(tool)
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({
          name: fieldMessage('Name', error.fields.name?.join(', ')),
          website_url: error.fields.website_url?.includes(INVALID_URL)
            ? INVALID_URL
            : fieldMessage('Website', error.fields.website_url?.join(', ')),
          form: Object.keys(error.fields).length === 0 ? error.message : undefined,
        })
      } else setErrors({ form: 'The tool could not be added. Please try again.' })
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <form
      aria-labelledby="new-tool-heading"
      noValidate
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div>
        <h3 id="new-tool-heading" className="font-semibold text-slate-900">
          Add a new tool
        </h3>
        <p className="text-sm text-slate-600">It joins your stack now and the catalog once a moderator approves it.</p>
      </div>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Tool name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          autoFocus
        />
        <TextField
          label="Tool website"
          placeholder="example.com"
          inputMode="url"
          value={websiteUrl}
          onChange={(event) => setWebsiteUrl(event.target.value)}
          error={errors.website_url}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSaving}>
          Add tool
        </Button>
      </div>
    </form>
  )
}
