import { LogIn } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/full-screen-page.tsx'
import type { AuthConfig } from '#client/lib/auth.ts'
import { roleName } from '#core/auth/roles.ts'

type Demo = NonNullable<AuthConfig['demo']>

/** An email address that wraps after the @ on a narrow screen rather than mid-word. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return email
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}

export function roleLabel(roles: string[]): string {
  return roles.length === 0 ? 'Member' : roles.map(roleName).join(', ')
}

/** Demo mode only (never in production): every demo account, each signed in with one click. */
export function DemoAccounts({
  demo,
  pendingEmail,
  onSignIn,
}: {
  demo: Demo
  pendingEmail: string | null
  onSignIn: (email: string) => void
}) {
  return (
    <Card aria-labelledby="demo-accounts-title">
      <h2 id="demo-accounts-title" className="text-lg font-bold text-brand-950">
        Demo accounts
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        This is a demo. Every account below uses the password{' '}
        <code className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-brand-900">{demo.password}</code>.
      </p>
      <ul className="mt-4 divide-y divide-brand-100">
        {demo.accounts.map((account) => (
          <li key={account.email} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{account.name}</p>
              <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                <BreakableEmail email={account.email} />
              </p>
              <p className="text-xs font-medium text-brand-800">{roleLabel(account.roles)}</p>
            </div>
            <Button
              variant="secondary"
              pending={pendingEmail === account.email}
              onClick={() => onSignIn(account.email)}
              aria-label={`Sign in as ${account.name}`}
              className="!px-3 !py-2"
            >
              {pendingEmail === account.email ? null : <LogIn aria-hidden="true" className="size-4" />}
              Sign in
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  )
}
