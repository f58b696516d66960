import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { panelClass } from '#client/components/ui/panel.tsx'
import { CastListQuery } from '../graphql/participants.queries.ts'
import { panel, ParticipantPage, type Preview } from './page-parts.tsx'
import { ParticipantQuery } from './participant-query.tsx'

/** Confirmed participants grouped by part (parts in the event's order, then unassigned). */
export function CastList({
  eventSlug,
  preview,
  notFound,
}: {
  eventSlug: string
  preview?: Preview
  notFound: ReactNode
}) {
  return (
    <ParticipantQuery
      query={CastListQuery}
      variables={{ eventSlug, preview: preview ?? null }}
      preview={preview}
      loadingLabel="Loading the cast list…"
      what="the cast list"
      notFound={notFound}
    >
      {({ castList }) => {
        const groups: { part: string | null; names: typeof castList.members }[] = [
          ...castList.parts.map((part) => ({ part, names: castList.members.filter((m) => m.part === part) })),
          { part: null, names: castList.members.filter((m) => m.part === null) },
        ].filter((g) => g.names.length > 0)
        const Sub = preview ? 'h3' : 'h2'
        return (
          <ParticipantPage title="Cast List" eventTitle={castList.eventTitle} embedded={Boolean(preview)}>
            {groups.length === 0 ? (
              <p className={`${panel} text-slate-700`}>Nobody is confirmed yet.</p>
            ) : (
              <div className="mt-6 grid gap-4 sm:grid-cols-2">
                {groups.map((g) => (
                  <section key={g.part ?? '—'} className={panelClass()}>
                    <Sub className="text-lg font-bold text-brand-950">
                      {g.part ?? 'Part to be confirmed'}{' '}
                      <span className="text-sm font-normal text-slate-600">({g.names.length})</span>
                    </Sub>
                    <ul className="mt-2 space-y-1">
                      {g.names.map((m, i) => (
                        <li key={`${m.name}-${i}`}>
                          {m.name}
                          {m.pronouns ? (
                            <span className="text-sm text-slate-600"> ({m.pronouns})</span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </ParticipantPage>
        )
      }}
    </ParticipantQuery>
  )
}

/** `/:eventSlug/cast-list`. */
export function CastListPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  return <CastList eventSlug={eventSlug} notFound={notFound} />
}
