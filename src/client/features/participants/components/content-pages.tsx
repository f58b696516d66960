import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import {
  CancellationsInfoQuery,
  SocialLinksQuery,
  TicketSalesInfoQuery,
} from '../graphql/participants.queries.ts'
import { ContentHtml, ParticipantPage, type Preview } from './page-parts.tsx'

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
  const query = useQuery({
    query: SocialLinksQuery,
    variables: { eventSlug, preview: preview ?? null },
    requestPolicy: 'cache-and-network',
  })
  return (
    <QueryView
      query={query}
      loadingLabel="Loading social links…"
      what="the social links"
      notFound={notFound}
      level={preview ? 2 : 1}
    >
      {({ socialLinks: page }) => (
        <ParticipantPage title="Social Links" eventTitle={page.eventTitle} embedded={Boolean(preview)}>
          <ContentHtml html={page.html} empty="No social links yet." />
        </ParticipantPage>
      )}
    </QueryView>
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
  const query = useQuery({
    query: TicketSalesInfoQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <QueryView
      query={query}
      loadingLabel="Loading ticket information…"
      what="the ticket information"
      notFound={notFound}
    >
      {({ ticketSalesInfo: page }) => (
        <ParticipantPage title="Tickets" eventTitle={page.eventTitle}>
          <ContentHtml html={page.html} empty="Ticket information is not published yet." />
        </ParticipantPage>
      )}
    </QueryView>
  )
}

/** `/:eventSlug/cancellations-and-refunds`: public for public events. */
export function CancellationsPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: CancellationsInfoQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <QueryView
      query={query}
      loadingLabel="Loading the refund policy…"
      what="the refund policy"
      notFound={notFound}
    >
      {({ cancellationsInfo: page }) => (
        <ParticipantPage title="Cancellations and refunds" eventTitle={page.eventTitle}>
          <ContentHtml html={page.html} empty="The cancellations and refunds policy is not published yet." />
        </ParticipantPage>
      )}
    </QueryView>
  )
}
