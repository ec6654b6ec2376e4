// A logo for a stack, a company or a submitted tool: pick a PNG or JPEG (png, jpeg, jpg), it is uploaded at once
// (re-encoded by the server, which checks the content again) and its image_url becomes the field's value.
import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { ApiError } from '../lib/api.ts'
import { uploadLogo } from '../lib/upload-logo.ts'
import { Button } from './ui/button.tsx'
import { Spinner } from './ui/spinner.tsx'

const ACCEPTED_TYPES = ['image/png', 'image/jpeg']
const ACCEPTED_EXTENSIONS = /\.(png|jpe?g)$/i
export const NOT_AN_IMAGE = 'Image must be a PNG or JPEG image.'

/** By its declared type or, when the browser gives none, its name: the server decides on the bytes. */
export function isAcceptedImage(file: { type: string; name: string }): boolean {
  return file.type ? ACCEPTED_TYPES.includes(file.type) : ACCEPTED_EXTENSIONS.test(file.name)
}

export function LogoField({
  label,
  value,
  onChange,
  disabled,
  placeholderSrc,
}: {
  label: string
  value: string | null
  onChange: (imageUrl: string | null) => void
  disabled?: boolean
  /** Shown while no logo is set (a tool's generated logo); without it, an empty frame. */
  placeholderSrc?: string
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [isUploading, setIsUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const upload = async (file: File | undefined) => {
    if (!file) return
    setError(null)
    if (!isAcceptedImage(file)) {
      setError(NOT_AN_IMAGE)
      if (input.current) input.current.value = ''
      return
    }
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
          ) : value || placeholderSrc ? (
            <img src={value || placeholderSrc} alt="" className="size-full object-contain" />
          ) : (
            <ImagePlus className="size-6 text-slate-400" aria-hidden="true" />
          )}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,.png,.jpg,.jpeg"
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
