import type { ReactNode } from 'react'
import { panelClass } from '#client/components/ui/panel.tsx'
import type { ApplicationStatus } from '#client/gql/graphql.ts'

/** The admin sandbox's synthetic member: pages pass it to the server as `preview`. */
export interface Preview {
  applicationType: string
  status: ApplicationStatus
}

export const panel = `mt-6 ${panelClass()}`

/** A participant page: its heading, the event it belongs to, then the content. */
export function ParticipantPage({
  title,
  eventTitle,
  embedded = false,
  actions,
  children,
  id,
}: {
  title: string
  eventTitle: string
  /** In the sandbox: no document title, an h2 instead of the h1. */
  embedded?: boolean
  actions?: ReactNode
  children: ReactNode
  id?: string
}) {
  const Heading = embedded ? 'h2' : 'h1'
  return (
    <article id={id} className={embedded ? '' : 'mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12'}>
      {embedded ? null : <title>{`${title} · ${eventTitle} · Stagedoor`}</title>}
      <p className="text-sm font-medium text-brand-800">{eventTitle}</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <Heading className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
          {title}
        </Heading>
        {actions}
      </div>
      {children}
    </article>
  )
}

/** Staff content, rendered from Markdown and sanitised on the server. */
export function ContentHtml({ html, empty }: { html: string | null; empty: string }) {
  if (!html) return <p className={`${panel} text-slate-700`}>{empty}</p>
  // NOTE: sanitised on the server (Markdown rendered with sanitize-html).
  return <div className={`prose max-w-none ${panel}`} dangerouslySetInnerHTML={{ __html: html }} />
}
