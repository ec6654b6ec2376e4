// "Resend": a new verification link to the signed-in account's address (the banner and the link's page).
import { useResendVerification } from '../lib/resend-verification.ts'

export function ResendButton({ className = '' }: { className?: string }) {
  const resend = useResendVerification()
  if (resend.isSuccess) {
    return (
      <span role="status" className={`${className} break-words`}>
        Sent to {resend.data.email}. Check your inbox.
      </span>
    )
  }
  return (
    <span className={`${className} inline-flex flex-wrap items-center justify-center gap-2`}>
      <button
        type="button"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        className="rounded-md bg-brand-700 px-2.5 py-1 text-sm font-semibold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        {resend.isPending ? 'Sending…' : 'Resend the link'}
      </button>
      {resend.isError && <span className="text-red-700">{resend.error.message}</span>}
    </span>
  )
}
