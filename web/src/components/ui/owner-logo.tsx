import { cn } from './cn.ts'

/**
 * A stack owner's picture: a company's logo (rounded square) or a person's avatar (circle), else the name's first
 * letter. Decorative: the owner's name is always written next to it. Size it with `className`.
 */
export function OwnerLogo({
  owner,
  className,
}: {
  owner: { type: 'User' | 'Company'; name: string; image_url: string | null }
  className?: string
}) {
  const shape = owner.type === 'Company' ? 'rounded-xl' : 'rounded-full'
  if (owner.image_url)
    return (
      <img
        src={owner.image_url}
        alt=""
        className={cn('size-10 shrink-0 bg-white object-contain ring-1 ring-slate-200', shape, className)}
      />
    )
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center bg-brand-100 font-semibold text-brand-700',
        shape,
        className,
      )}
    >
      {owner.name.trim().slice(0, 1).toUpperCase() || '?'}
    </span>
  )
}
