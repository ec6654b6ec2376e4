import { cn } from './cn.ts'

/** A person's picture, or the first letter of their name on the brand colour. Size it with `className`. */
export function Avatar({
  user,
  className,
}: {
  user: { name: string; username: string; image_url: string | null }
  className?: string
}) {
  if (user.image_url)
    return <img src={user.image_url} alt="" className={cn('size-9 rounded-full object-cover', className)} />
  const initials = (user.name || user.username).slice(0, 1).toUpperCase()
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700',
        className,
      )}
    >
      {initials}
    </span>
  )
}
