import { useAuthConfig } from '../hooks/use-auth-config.ts'

/**
 * Outside production without SMTP the server delivers mail to a local inbox instead of sending it:
 * every "we sent you an email" screen says so and links there. Nothing otherwise.
 */
export function DevMailboxLink() {
  const config = useAuthConfig()
  if (!config?.devMailbox) return null
  return (
    <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
      This server has no mail server set up (SMTP_URL), so the email is in its{' '}
      {/* A server page, not a client route: a full navigation on purpose. */}
      <a
        href={config.devMailbox}
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
      >
        local mail inbox
      </a>
      .
    </p>
  )
}
