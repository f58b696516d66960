import { Navigate, useParams, type RouteObject } from 'react-router'
import { useQuery } from 'urql'
import { useAuthConfig } from '#client/features/auth/hooks/use-auth-config.ts'
import { CalendarFeed } from '#client/features/events/components/calendar-feed.tsx'
import { MemberHomePage } from '#client/features/events/components/member-home-page.tsx'
import { NotFoundView } from '#client/features/platform/components/not-found-page.tsx'
import { YourTicketsLink } from '#client/features/tickets/components/your-tickets-link.tsx'
import { MyTicketCountQuery } from '#client/features/tickets/graphql/my-ticket-count.query.ts'
import {
  ApplicationFormPage,
  ChooseApplicationTypePage,
  DiversitySurveyPage,
  MyApplicationsPage,
  CardPaymentReturnPage,
  NoteBashingPage,
  CastListPage,
  SocialLinksPage,
  MyTicketsPage,
  InfoPackPage,
  PartBreakdownPage,
  SocialListPage,
  VenueAccessPage,
  ProfilePage,
  AuditionInfoPage,
  AudiencePage,
  EventPage,
} from '../lazy-pages.tsx'

// The member area: pages for signed-in members (the router puts them behind RequireAuth).

/** `/profile`, with the calendar feed panel and the sign-in providers to link. */
function ProfileRoute() {
  const config = useAuthConfig()
  return (
    <ProfilePage
      calendarFeed={<CalendarFeed />}
      tickets={<YourTicketsLink />}
      providers={config?.providers ?? []}
      phone={
        config?.phoneSignIn
          ? { country: config.societyCountry ?? 'GB', devSmsInbox: config.devSmsInbox ?? null }
          : null
      }
    />
  )
}

/**
 * The signed-in home (`/` and `/events`), with "Your tickets" when the member holds any. The
 * tickets are asked for here, beside the events rather than after them, and the home waits for both
 * (the card's own query shares this answer).
 */
export function MemberHome() {
  const [tickets] = useQuery({ query: MyTicketCountQuery, requestPolicy: 'cache-and-network' })
  return (
    <MemberHomePage
      tickets={<YourTicketsLink className="mt-6" />}
      ticketsLoading={tickets.data === undefined && tickets.error === undefined}
    />
  )
}

/** An event's page, public (`/listings/…`) or inside the member shell (`/events/…`). */
export const eventPages = (base: '/listings' | '/events'): RouteObject[] => [
  { path: `${base.slice(1)}/:slug`, element: <EventPage base={base} notFound={<NotFoundView />} /> },
  {
    path: `${base.slice(1)}/:slug/:audienceType`,
    element: <AudiencePage base={base} notFound={<NotFoundView />} />,
  },
]

/** `/events/:slug/tickets` is the event's ticket shop, which lives at `/:eventSlug/ticket-sales`. */
function ToTicketShop() {
  const { slug = '' } = useParams()
  return <Navigate to={`/${encodeURIComponent(slug)}/ticket-sales`} replace />
}

/** The older `/applications/:eventSlug/<page>` links go to `/:eventSlug/<page>`. */
function MovedToEventPath({ page }: { page: 'cast-list' | 'part-breakdown' }) {
  const { eventSlug = '' } = useParams()
  return <Navigate to={`/${encodeURIComponent(eventSlug)}/${page}`} replace />
}

/** The pages a signed-in member reaches, in the router's order. */
export const memberRoutes: RouteObject[] = [
  { path: 'events', element: <MemberHome /> },
  { path: 'events/:slug/tickets', element: <ToTicketShop /> },
  // The Social Links page (the social content block, not an audience).
  { path: 'events/:slug/social', element: <SocialLinksPage notFound={<NotFoundView />} /> },
  // The audition information of an event (before its audience pages, which match any word).
  { path: 'events/:slug/auditions', element: <AuditionInfoPage notFound={<NotFoundView />} /> },
  // The event page and its audience pages.
  ...eventPages('/events'),
  { path: 'profile', element: <ProfileRoute /> },
  { path: 'applications', element: <MyApplicationsPage /> },
  // Where the card page (Stripe Checkout) sends the member back (decision 0047).
  { path: 'applications/card-payment', element: <CardPaymentReturnPage /> },
  { path: 'applications/:eventSlug', element: <ChooseApplicationTypePage notFound={<NotFoundView />} /> },
  { path: 'applications/:eventSlug/diversity', element: <DiversitySurveyPage notFound={<NotFoundView />} /> },
  { path: 'applications/:eventSlug/participant-info', element: <InfoPackPage notFound={<NotFoundView />} /> },
  {
    path: 'applications/:eventSlug/participant-info/:applicationType',
    element: <InfoPackPage notFound={<NotFoundView />} />,
  },
  { path: 'applications/:eventSlug/venue-access', element: <VenueAccessPage notFound={<NotFoundView />} /> },
  { path: 'applications/:eventSlug/cast-list', element: <MovedToEventPath page="cast-list" /> },
  { path: 'applications/:eventSlug/part-breakdown', element: <MovedToEventPath page="part-breakdown" /> },
  {
    path: 'applications/:eventSlug/:applicationType',
    element: <ApplicationFormPage notFound={<NotFoundView />} />,
  },
  { path: 'social-list', element: <SocialListPage /> },
  { path: 'tickets', element: <MyTicketsPage /> },
  { path: ':eventSlug/cast-list', element: <CastListPage notFound={<NotFoundView />} /> },
  { path: ':eventSlug/part-breakdown', element: <PartBreakdownPage notFound={<NotFoundView />} /> },
  { path: ':eventSlug/note-bashing', element: <NoteBashingPage notFound={<NotFoundView />} /> },
]
