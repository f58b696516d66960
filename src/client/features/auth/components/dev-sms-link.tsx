import { useAuthConfig } from '../hooks/use-auth-config.ts'

/** Outside production without SMS_URL texts land in a local inbox: the code screens link there. */
export function DevSmsLink() {
  const config = useAuthConfig()
  if (!config?.devSmsInbox) return null
  return (
    <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
      This server sends no texts (SMS_URL is not set), so the code is in its{' '}
      {/* A server page, not a client route: a full navigation on purpose. */}
      <a
        href={config.devSmsInbox}
        target="_blank"
        rel="noreferrer"
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
      >
        local text inbox
      </a>
      .
    </p>
  )
}
