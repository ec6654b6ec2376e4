// 'Add your selfie' (specs/onboarding-customers-teams-notifications.md §2, §5): a PNG or JPEG (.png, .jpeg, .jpg) is
// chosen, cut to a square in the crop dialog and uploaded; the server cuts and re-encodes it
// (POST /api/v1/uploads/avatar).
import { Camera } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { Spinner } from '../ui/spinner.tsx'
import { type SquareCrop, uploadAvatar } from './api/upload-avatar.ts'
import { CropDialog } from './crop-dialog.tsx'

/** spec §5: png, jpeg and jpg only. */
const ACCEPTED = /\.(png|jpe?g)$/i
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg'])
export const PHOTO_TYPE_MESSAGE = 'Photo must be a PNG or JPEG image (.png, .jpeg or .jpg).'

export function PhotoField({
  value,
  onChange,
  disabled,
}: {
  value: string | null
  onChange: (imageUrl: string) => void
  disabled?: boolean
}) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<File | null>(null)
  const [isUploading, setIsUploading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = ''
    if (!file) return
    setError(null)
    if (!ACCEPTED.test(file.name) || !ACCEPTED_TYPES.has(file.type)) {
      setError(PHOTO_TYPE_MESSAGE)
      return
    }
    setChosen(file)
  }

  const upload = async (file: File, crop: SquareCrop) => {
    setChosen(null)
    setIsUploading(true)
    try {
      onChange((await uploadAvatar(file, crop)).image_url)
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The photo could not be uploaded.')
    } finally {
      setIsUploading(false)
    }
  }

  return (
    <div className="flex items-center gap-4">
      <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200">
        {isUploading ? (
          <Spinner className="size-6 text-brand-600" />
        ) : value ? (
          <img src={value} alt="You" className="size-full object-cover" />
        ) : (
          <Camera className="size-7 text-slate-400" aria-hidden="true" />
        )}
      </span>
      <div className="min-w-0 space-y-1">
        <label id={`${inputId}-label`} htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          Add your selfie
        </label>
        {/* out of the tab order: the button below opens it, so the keyboard stops once */}
        <input
          ref={input}
          id={inputId}
          tabIndex={-1}
          type="file"
          accept=".png,.jpeg,.jpg,image/png,image/jpeg"
          className="sr-only"
          disabled={disabled || isUploading}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <button
          type="button"
          onClick={() => input.current?.click()}
          aria-describedby={`${inputId}-label`}
          disabled={disabled || isUploading}
          className="inline-flex h-8 items-center rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          {value ? 'Change photo' : 'Choose a file'}
        </button>
        <p className="text-xs text-slate-500">PNG or JPEG, at most 2 MB. You choose a square next.</p>
        {error && (
          <p className="text-sm text-red-600" role="alert">
            {error}
          </p>
        )}
      </div>
      {chosen && <CropDialog file={chosen} onCancel={() => setChosen(null)} onCrop={(crop) => upload(chosen, crop)} />}
    </div>
  )
}
