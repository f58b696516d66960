import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import {
  CancellationsInfoQuery,
  SocialLinksQuery,
  TicketSalesInfoQuery,
} from '../graphql/participants.queries.ts'
import { ContentHtml, ParticipantPage, type Preview } from './page-parts.tsx'
import { ParticipantQuery } from './participant-query.tsx'

/** Group chats and social links of an event. */
export function SocialLinks({
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
      query={SocialLinksQuery}
      variables={{ eventSlug, preview: preview ?? null }}
      preview={preview}
      loadingLabel="Loading social links…"
      what="the social links"
      notFound={notFound}
    >
      {({ socialLinks: page }) => (
        <ParticipantPage title="Social Links" eventTitle={page.eventTitle} embedded={Boolean(preview)}>
          <ContentHtml html={page.html} empty="No social links yet." />
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}

/** `/events/:slug/social`. */
export function SocialLinksPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  return <SocialLinks eventSlug={slug} notFound={notFound} />
}

/** `/:eventSlug/ticket-sales`: public for public events. */
export function TicketSalesPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  return (
    <ParticipantQuery
      query={TicketSalesInfoQuery}
      variables={{ eventSlug }}
      loadingLabel="Loading ticket information…"
      what="the ticket information"
      notFound={notFound}
    >
      {({ ticketSalesInfo: page }) => (
        <ParticipantPage title="Tickets" eventTitle={page.eventTitle}>
          <ContentHtml html={page.html} empty="Ticket information is not published yet." />
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}

/** `/:eventSlug/cancellations-and-refunds`: public for public events. */
export function CancellationsPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  return (
    <ParticipantQuery
      query={CancellationsInfoQuery}
      variables={{ eventSlug }}
      loadingLabel="Loading the refund policy…"
      what="the refund policy"
      notFound={notFound}
    >
      {({ cancellationsInfo: page }) => (
        <ParticipantPage title="Cancellations and refunds" eventTitle={page.eventTitle}>
          <ContentHtml html={page.html} empty="The cancellations and refunds policy is not published yet." />
        </ParticipantPage>
      )}
    </ParticipantQuery>
  )
}
