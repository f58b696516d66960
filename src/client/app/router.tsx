import { useEffect, useRef, type ReactNode } from 'react'
import { BrowserRouter, Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router'
import { ErrorBoundary } from '#client/components/ui/error-boundary.tsx'
import type { Capability } from '#core/auth/policies.ts'
import { useAuthConfig } from '#client/features/auth/hooks/use-auth-config.ts'
import { CalendarFeed } from '#client/features/events/components/calendar-feed.tsx'
import { MemberHomePage } from '#client/features/events/components/member-home-page.tsx'
import { HomePage } from '#client/features/platform/components/home-page.tsx'
import { NotFoundPage, NotFoundView } from '#client/features/platform/components/not-found-page.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import {
  AcceptanceEventsPage,
  AcceptancePage,
  DiversityReportPage,
  EmailTemplatesPage,
  AdminDashboardPage,
  AdminEventsPage,
  ChooseTicketEventPage,
  CreateEventPage,
  EditEventPage,
  ShowRevealsPage,
  MailingListsPage,
  MailingListPage,
  MemberRecordPage,
  MemberRecordsPage,
  OutboxPage,
  JobsPage,
  SignupWidgetPage,
  ConfirmSubscriptionPage,
  UnsubscribePage,
  CastingDetailPage,
  CastingEventsPage,
  CastingListPage,
  ApplicationFormPage,
  ChooseApplicationTypePage,
  DiversitySurveyPage,
  MyApplicationsPage,
  LearningTracksAdminPage,
  NoteBashingPage,
  CastListPage,
  CancellationsPage,
  SocialLinksPage,
  TicketShopPage,
  MyTicketsPage,
  CheckInPage,
  TicketStatsPage,
  TicketAllocationPage,
  TicketSetupPage,
  TicketLinkPage,
  ClaimTicketsPage,
  TicketSalesPage,
  InfoPackPage,
  PartBreakdownAdminPage,
  PartBreakdownPage,
  SandboxPage,
  SocialListPage,
  VenueAccessPage,
  CommitteePage,
  SettingsPage,
  PrivacyPage,
  FirstRunSetupPage,
  ProfilePage,
  OperationsEventsPage,
  OperationsPage,
  AuditLogPage,
  ForgotPasswordPage,
  LoginPage,
  LoginSuccessPage,
  MagicLinkPage,
  PhoneSignInPage,
  ResetPasswordPage,
  SignupPage,
  AuditionInfoPage,
  AudiencePage,
  EventPage,
  ListingsPage,
} from './lazy-pages.tsx'
import { AppRoot } from './layout/app-root.tsx'
import { EmbedLayout } from './layout/embed-layout.tsx'
import { FatalErrorPage } from './layout/fatal-error-page.tsx'
import { SiteLayout } from './layout/site-layout.tsx'
import { RequireAuth } from './require-auth.tsx'
import { RequireCapability } from './require-capability.tsx'

// Every route of spec §2. Screens that later issues build are placeholders in the real layout.

/** `/privacy`, with the support address the server configures. */
function PrivacyRoute() {
  const config = useAuthConfig()
  return <PrivacyPage supportEmail={config?.supportEmail} />
}

/** `/profile`, with the calendar feed panel and the sign-in providers to link. */
function ProfileRoute() {
  const config = useAuthConfig()
  return (
    <ProfilePage
      calendarFeed={<CalendarFeed />}
      providers={config?.providers ?? []}
      phone={
        config?.phoneSignIn
          ? { country: config.societyCountry ?? 'GB', devSmsInbox: config.devSmsInbox ?? null }
          : null
      }
    />
  )
}

/** `/`: the events list for members, the landing page for visitors. */
function HomeRoute() {
  const { status } = useAuth()
  return status === 'authenticated' ? <MemberHomePage /> : <HomePage />
}

interface Page {
  path: string
  element: ReactNode
}

/** An admin page behind its capability (the server checks the same rule). */
const adminRoute = (page: Page, capability: Capability): RouteObject => ({
  path: page.path,
  element: <RequireCapability capability={capability}>{page.element}</RequireCapability>,
})

/** An event's page, public (`/listings/…`) or inside the member shell (`/events/…`). */
const eventPages = (base: '/listings' | '/events'): RouteObject[] => [
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

const memberRoutes: RouteObject[] = [
  { path: 'events', element: <MemberHomePage /> },
  { path: 'events/:slug/tickets', element: <ToTicketShop /> },
  // The Social Links page (the social content block, not an audience).
  { path: 'events/:slug/social', element: <SocialLinksPage notFound={<NotFoundView />} /> },
  // The audition information of an event (before its audience pages, which match any word).
  { path: 'events/:slug/auditions', element: <AuditionInfoPage notFound={<NotFoundView />} /> },
  // The event page and its audience pages.
  ...eventPages('/events'),
  { path: 'profile', element: <ProfileRoute /> },
  { path: 'applications', element: <MyApplicationsPage /> },
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

/** Public-friendly pages: reachable signed out for public events (the server decides who sees what). */
const publicEventRoutes: RouteObject[] = [
  // The emailed links: whoever holds the code or token holds the ticket (decision 0022).
  { path: 'tickets/show/:code', element: <TicketLinkPage /> },
  { path: 'tickets/claim/:token', element: <ClaimTicketsPage /> },
  {
    path: ':eventSlug/ticket-sales',
    element: <TicketShopPage fallback={<TicketSalesPage notFound={<NotFoundView />} />} />,
  },
  {
    path: ':eventSlug/cancellations-and-refunds',
    element: <CancellationsPage notFound={<NotFoundView />} />,
  },
]

const adminRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <RequireCapability capability="admin.general" orAdminHome>
        <AdminDashboardPage />
      </RequireCapability>
    ),
  },
  adminRoute({ path: 'sandbox', element: <SandboxPage /> }, 'admin.general'),
  adminRoute({ path: 'events', element: <AdminEventsPage /> }, 'admin.general'),
  adminRoute({ path: 'events/new', element: <CreateEventPage /> }, 'admin.general'),
  adminRoute(
    { path: 'events/:slug/edit', element: <EditEventPage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute(
    { path: 'events/:slug/part-breakdown', element: <PartBreakdownAdminPage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute(
    {
      path: 'events/:slug/learning-tracks',
      element: <LearningTracksAdminPage notFound={<NotFoundView />} />,
    },
    'admin.general',
  ),
  adminRoute({ path: 'profiles', element: <MemberRecordsPage /> }, 'admin.profiles'),
  adminRoute({ path: 'committee', element: <CommitteePage /> }, 'admin.committee'),
  adminRoute({ path: 'settings', element: <SettingsPage /> }, 'admin.settings'),
  adminRoute(
    { path: 'profiles/:slug', element: <MemberRecordPage notFound={<NotFoundView />} /> },
    'admin.profiles',
  ),
  adminRoute({ path: 'system/outbox', element: <OutboxPage /> }, 'admin.outbox'),
  adminRoute({ path: 'system/jobs', element: <JobsPage /> }, 'admin.jobs'),
  adminRoute({ path: 'casting', element: <CastingEventsPage /> }, 'admin.general'),
  adminRoute(
    { path: 'casting/:eventSlug', element: <CastingListPage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute(
    {
      path: 'casting/:eventSlug/application/:slug',
      element: <CastingDetailPage notFound={<NotFoundView />} />,
    },
    'admin.general',
  ),
  adminRoute({ path: 'acceptance', element: <AcceptanceEventsPage /> }, 'admin.general'),
  adminRoute(
    { path: 'acceptance/:eventSlug', element: <AcceptancePage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute({ path: 'acceptance/:eventSlug/templates', element: <EmailTemplatesPage /> }, 'admin.general'),
  adminRoute(
    { path: 'acceptance/:eventSlug/diversity', element: <DiversityReportPage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute({ path: 'operations', element: <OperationsEventsPage /> }, 'admin.general'),
  adminRoute(
    { path: 'operations/:eventSlug', element: <OperationsPage notFound={<NotFoundView />} /> },
    'admin.general',
  ),
  adminRoute({ path: 'system/audit', element: <AuditLogPage /> }, 'admin.audit'),
  // Ticket pages before an event is chosen in the picker.
  adminRoute({ path: 'tickets', element: <ChooseTicketEventPage page="ticketStats" /> }, 'admin.ticketStats'),
  adminRoute(
    { path: 'tickets/allocation', element: <ChooseTicketEventPage page="ticketAllocation" /> },
    'admin.ticketAllocation',
  ),
  adminRoute(
    { path: ':eventSlug/tickets', element: <TicketStatsPage notFound={<NotFoundView />} /> },
    'admin.ticketStats',
  ),
  adminRoute(
    { path: 'tickets/setup', element: <ChooseTicketEventPage page="ticketSetup" /> },
    'admin.ticketAllocation',
  ),
  adminRoute(
    { path: ':eventSlug/tickets/setup', element: <TicketSetupPage notFound={<NotFoundView />} /> },
    'admin.ticketAllocation',
  ),
  adminRoute(
    { path: ':eventSlug/tickets/allocation', element: <TicketAllocationPage notFound={<NotFoundView />} /> },
    'admin.ticketAllocation',
  ),
  adminRoute({ path: 'mailing-lists', element: <MailingListsPage /> }, 'admin.mailingLists'),
  adminRoute(
    { path: 'mailing-lists/:listSlug', element: <MailingListPage notFound={<NotFoundView />} /> },
    'admin.mailingLists',
  ),
  adminRoute({ path: ':eventSlug/tickets/check-in', element: <CheckInPage /> }, 'admin.ticketAllocation'),
  adminRoute({ path: 'show-reveals', element: <ShowRevealsPage /> }, 'admin.showReveals'),
]

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        // Members get the app shell, visitors the public header, on every page here.
        element: <SiteLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: 'listings', element: <ListingsPage /> },
          { path: 'mailing-lists/confirm/:token', element: <ConfirmSubscriptionPage /> },
          { path: 'mailing-lists/unsubscribe/:token', element: <UnsubscribePage /> },
          ...eventPages('/listings'),
          ...publicEventRoutes,
          {
            element: <RequireAuth />,
            children: [
              ...memberRoutes,
              {
                path: 'admin',
                element: <RequireCapability capability="admin.enter" />,
                children: adminRoutes,
              },
            ],
          },
        ],
      },
      // The mailing-list widget sits in other sites' iframes: no sidebar, no header.
      {
        path: 'embed',
        element: <EmbedLayout />,
        children: [
          { path: 'mailing-lists', element: <SignupWidgetPage /> },
          { path: 'mailing-lists/:listName', element: <SignupWidgetPage /> },
        ],
      },
      // Sign-in screens: full-screen pages without the site header.
      { path: 'login', element: <LoginPage /> },
      { path: 'login/magic', element: <MagicLinkPage /> },
      { path: 'login/phone', element: <PhoneSignInPage /> },
      { path: 'setup', element: <FirstRunSetupPage /> },
      { path: 'login/success', element: <LoginSuccessPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/**
 * The routes, with the fatal-error screen as the last resort: anything that breaks outside a page
 * (a layout, a route) lands there instead of on a blank screen. A navigation tries again.
 */
function AppRoutes() {
  const element = useRoutes(routes)
  return <ErrorBoundary fallback={({ reset }) => <FatalError reset={reset} />}>{element}</ErrorBoundary>
}

/** The fatal-error screen until the member goes elsewhere (e.g. Back), which renders the routes again. */
function FatalError({ reset }: { reset: () => void }) {
  const { pathname } = useLocation()
  const failedAt = useRef(pathname)
  useEffect(() => {
    if (pathname !== failedAt.current) reset()
  }, [pathname, reset])
  return <FatalErrorPage />
}

// NOTE: the declarative router (`<BrowserRouter>`, `useRoutes`), not the data router: no page uses
// loaders, actions or blockers, and the data router weighs 17 kB gzip more in the first load
// (decision 0027, "First load").
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
