import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { formatDateRange } from '#client/lib/format.ts'
import { VenueAccessQuery } from '../graphql/participants.queries.ts'
import { ContentHtml, panel, ParticipantPage, type Preview } from './page-parts.tsx'
import { ParticipantQuery } from './participant-query.tsx'

/** Venue, a map link, and how to get in on the day. */
export function VenueAccess({
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
      query={VenueAccessQuery}
      variables={{ eventSlug, preview: preview ?? null }}
      preview={preview}
      loadingLabel="Loading venue access…"
      what="venue access"
      notFound={notFound}
    >
      {({ venueAccess: v }) => (
        <ParticipantPage title="Venue Access" eventTitle={v.eventTitle} embedded={Boolean(preview)}>
          <section className={panel} aria-label="Venue">
            <p className="text-lg font-semibold text-brand-950">{v.venue || 'Venue to be confirmed'}</p>
            <p className="mt-1 text-slate-700">{formatDateRange(v.startDate, v.endDate)}</p>
            {v.mapUrl ? (
              <p className="mt-3">
                <a
                  href={v.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-brand-800 underline"
                >
                  Open the map (OpenStreetMap, new tab)
                </a>
              </p>
            ) : null}
          </section>
          <ContentHtml
            html={v.html}
            empty="Access details (door codes, accessibility, contacts on the day) are not published yet."
          />
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}

/** `/applications/:eventSlug/venue-access`. */
export function VenueAccessPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  return <VenueAccess eventSlug={eventSlug} notFound={notFound} />
}
