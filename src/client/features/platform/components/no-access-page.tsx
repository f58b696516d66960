import { ShieldX } from 'lucide-react'
import { ButtonLink } from '#client/components/ui/button-link.tsx'
import { SetupPendingNotice } from '#client/components/first-run/setup-pending-notice.tsx'

/**
 * A signed-in member opened a page their roles do not allow. A page, not a redirect: the address
 * stays, nothing loops, and the way back is offered.
 */
export function NoAccessPage({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <section aria-labelledby="no-access-title" className="mx-auto max-w-xl px-6 py-20 text-center">
      <title>No access · Stagedoor</title>
      <ShieldX aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <h1
        id="no-access-title"
        className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-brand-950"
      >
        You don&rsquo;t have access to this page
      </h1>
      <p className="mt-4 text-slate-700">
        This page is for committee members with a particular role. If you think you should have it, ask the
        society&rsquo;s president or web officer.
      </p>
      <SetupPendingNotice className="mt-6" />
      <ButtonLink to={backTo} className="mt-8">
        {backLabel}
      </ButtonLink>
    </section>
  )
}
