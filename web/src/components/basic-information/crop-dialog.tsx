// The 1:1 crop (specs/onboarding-customers-teams-notifications.md §2, §5): the photo with a square over it; drag the
// square (or use the arrow keys) and size it with the slider. The square is sent in the image's own pixels.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import type { SquareCrop } from './api/upload-avatar.ts'

/** The preview's longest side in CSS pixels. */
const PREVIEW = 288
/** The smallest square, as a share of the image's shorter side. */
const MIN_SHARE = 0.2

export function CropDialog({
  file,
  onCancel,
  onCrop,
}: {
  file: File
  onCancel: () => void
  onCrop: (crop: SquareCrop) => void
}) {
  // A data: URL, which the page's Content-Security-Policy allows for images (blob: is not)
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const reader = new FileReader()
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null)
    reader.readAsDataURL(file)
    return () => reader.abort()
  }, [file])
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const [square, setSquare] = useState<SquareCrop | null>(null)
  const drag = useRef<{ pointerX: number; pointerY: number; x: number; y: number } | null>(null)

  const scale = natural ? Math.min(PREVIEW / natural.width, PREVIEW / natural.height) : 1
  const shorter = natural ? Math.min(natural.width, natural.height) : 0
  const clamp = (next: SquareCrop): SquareCrop => {
    if (!natural) return next
    const size = Math.round(Math.min(Math.max(next.size, shorter * MIN_SHARE), shorter))
    return {
      size,
      x: Math.round(Math.min(Math.max(next.x, 0), natural.width - size)),
      y: Math.round(Math.min(Math.max(next.y, 0), natural.height - size)),
    }
  }

  const onLoad = (image: HTMLImageElement) => {
    const size = Math.min(image.naturalWidth, image.naturalHeight)
    setNatural({ width: image.naturalWidth, height: image.naturalHeight })
    setSquare({ size, x: Math.round((image.naturalWidth - size) / 2), y: Math.round((image.naturalHeight - size) / 2) })
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!square) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, x: square.x, y: square.y }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !square) return
    const dx = (event.clientX - drag.current.pointerX) / scale
    const dy = (event.clientY - drag.current.pointerY) / scale
    setSquare(clamp({ ...square, x: drag.current.x + dx, y: drag.current.y + dy }))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!square) return
    const step = Math.max(1, Math.round(10 / scale))
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    setSquare(clamp({ ...square, x: square.x + move[0], y: square.y + move[1] }))
  }
  const resize = (share: number) => {
    if (!square) return
    const size = shorter * share
    const centerX = square.x + square.size / 2
    const centerY = square.y + square.size / 2
    setSquare(clamp({ size, x: centerX - size / 2, y: centerY - size / 2 }))
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title="Crop your photo"
      description="Drag the square, or use the arrow keys, to choose what shows on your profile."
    >
      <div className="flex justify-center">
        <div
          className="relative select-none overflow-hidden rounded-lg bg-slate-900"
          style={natural ? { width: natural.width * scale, height: natural.height * scale } : undefined}
        >
          {url && (
            <img
              src={url}
              alt="What you chose, to be cut to a square"
              onLoad={(event) => onLoad(event.currentTarget)}
              draggable={false}
              className={natural ? 'block size-full' : 'block max-h-72 max-w-72'}
            />
          )}
          {square && (
            <div
              role="slider"
              tabIndex={0}
              aria-label="Crop square position"
              aria-valuetext={`${square.size} by ${square.size} pixels at ${square.x}, ${square.y}`}
              aria-valuenow={square.x}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => {
                drag.current = null
              }}
              onKeyDown={onKeyDown}
              className="absolute cursor-move touch-none rounded-sm outline-none ring-2 ring-white shadow-[0_0_0_9999px_rgba(15,23,42,0.55)] focus-visible:ring-4 focus-visible:ring-brand-500"
              style={{
                left: square.x * scale,
                top: square.y * scale,
                width: square.size * scale,
                height: square.size * scale,
              }}
            />
          )}
        </div>
      </div>
      {square && (
        <label className="mt-4 block text-sm font-medium text-slate-700">
          Size
          <input
            type="range"
            min={MIN_SHARE}
            max={1}
            step={0.01}
            value={square.size / shorter}
            onChange={(event) => resize(Number(event.target.value))}
            className="mt-1 block w-full accent-brand-600"
          />
        </label>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => square && onCrop(square)} disabled={!square}>
          Use photo
        </Button>
      </div>
    </Dialog>
  )
}
