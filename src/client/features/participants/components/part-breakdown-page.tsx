import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { PartBreakdownQuery } from '../graphql/participants.queries.ts'
import { panel, ParticipantPage, type Preview } from './page-parts.tsx'
import { ParticipantQuery } from './participant-query.tsx'
import { PartBreakdownMatrix } from './part-breakdown-matrix.tsx'

/** The part breakdown of an event, the member's own part highlighted. */
export function PartBreakdown({
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
      query={PartBreakdownQuery}
      variables={{ eventSlug, preview: preview ?? null }}
      preview={preview}
      loadingLabel="Loading the part breakdown…"
      what="the part breakdown"
      notFound={notFound}
    >
      {({ partBreakdown: pb }) => (
        <ParticipantPage title="Part Breakdown" eventTitle={pb.eventTitle} embedded={Boolean(preview)}>
          {pb.ownPart ? (
            <p className="mt-3 text-slate-800">
              Your part: <strong>{pb.ownPart}</strong> (its column is marked “Your part”).
            </p>
          ) : null}
          {preview ? null : (
            <p className="mt-3">
              <Link
                className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
                to={`/${encodeURIComponent(eventSlug)}/note-bashing`}
              >
                Learning tracks (note-bashing)
              </Link>
            </p>
          )}
          {pb.numbers.length === 0 || pb.parts.length === 0 ? (
            <p className={`${panel} text-slate-700`}>The part breakdown is not published yet.</p>
          ) : (
            <PartBreakdownMatrix data={pb} caption={`Part breakdown of ${pb.eventTitle}: numbers by part`} />
          )}
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}

/** `/:eventSlug/part-breakdown`. */
export function PartBreakdownPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  return <PartBreakdown eventSlug={eventSlug} notFound={notFound} />
}
