import type { RouteObject } from 'react-router'
import type { ReactNode } from 'react'
import type { Capability } from '#core/auth/policies.ts'
import { NotFoundView } from '#client/features/platform/components/not-found-page.tsx'
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
  CastingDetailPage,
  CastingEventsPage,
  CastingListPage,
  LearningTracksAdminPage,
  TicketStatsPage,
  TicketAllocationPage,
  TicketSetupPage,
  CheckInPage,
  PartBreakdownAdminPage,
  SandboxPage,
  CommitteePage,
  OperationsEventsPage,
  OperationsPage,
  AuditLogPage,
  SettingsPage,
  MoneyPage,
} from '../lazy-pages.tsx'
import { RequireCapability } from '../require-capability.tsx'

// The admin area (`/admin/…`): every page behind its capability.

interface Page {
  path: string
  element: ReactNode
}

/** An admin page behind its capability (the server checks the same rule). */
const adminRoute = (page: Page, capability: Capability): RouteObject => ({
  path: page.path,
  element: <RequireCapability capability={capability}>{page.element}</RequireCapability>,
})

/** The pages under `/admin`, in the router's order. */
export const adminRoutes: RouteObject[] = [
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
  adminRoute({ path: 'settings', element: <SettingsPage /> }, 'admin.settings'),
  adminRoute({ path: 'money', element: <MoneyPage /> }, 'admin.finance'),
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
