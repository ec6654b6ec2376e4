// A logo for a stack or a company: pick a PNG or JPEG, it is uploaded at once (re-encoded by the server) and its
// image_url becomes the field's value.
import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { ApiError } from '../../../lib/api.ts'
import { uploadLogo } from '../api/upload-logo.ts'

export function LogoField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string
  value: string | null
  onChange: (imageUrl: string | null) => void
  disabled?: boolean
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [isUploading, setIsUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const upload = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    setIsUploading(true)
    try {
      onChange((await uploadLogo(file)).image_url)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The logo could not be uploaded.')
    } finally {
      setIsUploading(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="space-y-1">
      <span className="block text-sm font-medium text-slate-700" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="flex items-center gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-50 ring-1 ring-slate-200">
          {isUploading ? (
            <Spinner className="size-6 text-brand-600" />
          ) : value ? (
            <img src={value} alt="" className="size-full object-contain" />
          ) : (
            <ImagePlus className="size-6 text-slate-400" aria-hidden="true" />
          )}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            aria-labelledby={`${inputId}-label`}
            disabled={disabled || isUploading}
            onChange={(event) => upload(event.target.files?.[0])}
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled || isUploading}
            onClick={() => input.current?.click()}
          >
            {value ? 'Change logo' : 'Upload logo'}
          </Button>
          {value && (
            <Button variant="ghost" size="sm" disabled={disabled || isUploading} onClick={() => onChange(null)}>
              <Trash2 className="size-4" aria-hidden="true" /> Remove
            </Button>
          )}
          <p className="w-full text-xs text-slate-500">PNG or JPEG, at most 2 MB.</p>
        </div>
      </div>
      {error && (
        <p className="text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
