// The user's points, counting from the last shown value to the new one over 750 ms (spec §4, §9); at once when the
// reader asked for reduced motion. data-points holds the target value. The count starts at 0 wherever it is drawn:
// the server cannot know the reader's motion setting, and the browser's first render must match the server's HTML.
import { useEffect, useRef, useState } from 'react'
import { formatInteger } from '#contracts/counts.ts'
import { POINTS_ANIMATION_MS } from '#contracts/reasons.ts'

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

export function AnimatedPoints({ value, className }: { value: number; className?: string }) {
  const [shown, setShown] = useState(0)
  const from = useRef(shown)
  useEffect(() => {
    const start = from.current
    if (start === value || prefersReducedMotion()) {
      from.current = value
      setShown(value)
      return
    }
    let frame = 0
    const began = performance.now()
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / POINTS_ANIMATION_MS)
      const eased = 1 - (1 - progress) ** 3
      const current = Math.round(start + (value - start) * eased)
      from.current = current
      setShown(current)
      if (progress < 1) frame = requestAnimationFrame(step)
    }
    frame = requestAnimationFrame(step)
    return () => cancelAnimationFrame(frame)
  }, [value])
  return (
    <span className={className} data-testid="points" data-points={value}>
      {formatInteger(shown)}
    </span>
  )
}
