// The app's pages that load when first opened (code-split by route; decision 0018). Only the member
// home and the visitors' home are in the first load (decision 0027, "First load").
import { lazyPage } from './lazy-page.tsx'

// Signing in, and the auth screens around it.
export const LoginPage = lazyPage(() =>
  import('#client/features/auth/components/login-page.tsx').then((m) => m.LoginPage),
)
export const ForgotPasswordPage = lazyPage(() =>
  import('#client/features/auth/components/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
)
export const LoginSuccessPage = lazyPage(() =>
  import('#client/features/auth/components/login-success-page.tsx').then((m) => m.LoginSuccessPage),
)
export const MagicLinkPage = lazyPage(() =>
  import('#client/features/auth/components/magic-link-page.tsx').then((m) => m.MagicLinkPage),
)
export const PhoneSignInPage = lazyPage(() =>
  import('#client/features/auth/components/phone-sign-in-page.tsx').then((m) => m.PhoneSignInPage),
)
export const ResetPasswordPage = lazyPage(() =>
  import('#client/features/auth/components/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
)
export const SignupPage = lazyPage(() =>
  import('#client/features/auth/components/signup-page.tsx').then((m) => m.SignupPage),
)

// Events: the public listings, an event's pages, its audition information.
export const ListingsPage = lazyPage(() =>
  import('#client/features/events/components/listings-page.tsx').then((m) => m.ListingsPage),
)
export const EventPage = lazyPage(() =>
  import('#client/features/events/components/event-page.tsx').then((m) => m.EventPage),
)
export const AudiencePage = lazyPage(() =>
  import('#client/features/events/components/event-page.tsx').then((m) => m.AudiencePage),
)
export const AuditionInfoPage = lazyPage(() =>
  import('#client/features/events/components/audition-info-page.tsx').then((m) => m.AuditionInfoPage),
)

export const AcceptanceEventsPage = lazyPage(() =>
  import('#client/features/acceptance/components/acceptance-events-page.tsx').then(
    (m) => m.AcceptanceEventsPage,
  ),
)
export const AcceptancePage = lazyPage(() =>
  import('#client/features/acceptance/components/acceptance-page.tsx').then((m) => m.AcceptancePage),
)
export const DiversityReportPage = lazyPage(() =>
  import('#client/features/acceptance/components/diversity-report-page.tsx').then(
    (m) => m.DiversityReportPage,
  ),
)
export const EmailTemplatesPage = lazyPage(() =>
  import('#client/features/acceptance/components/email-templates-page.tsx').then((m) => m.EmailTemplatesPage),
)
export const AdminDashboardPage = lazyPage(() =>
  import('#client/features/admin/components/admin-dashboard-page.tsx').then((m) => m.AdminDashboardPage),
)
export const AdminEventsPage = lazyPage(() =>
  import('#client/features/admin/components/admin-events-page.tsx').then((m) => m.AdminEventsPage),
)
export const ChooseTicketEventPage = lazyPage(() =>
  import('#client/features/admin/components/choose-ticket-event-page.tsx').then(
    (m) => m.ChooseTicketEventPage,
  ),
)
export const CreateEventPage = lazyPage(() =>
  import('#client/features/admin/components/event-form-page.tsx').then((m) => m.CreateEventPage),
)
export const EditEventPage = lazyPage(() =>
  import('#client/features/admin/components/event-form-page.tsx').then((m) => m.EditEventPage),
)
export const ShowRevealsPage = lazyPage(() =>
  import('#client/features/admin/components/show-reveals-page.tsx').then((m) => m.ShowRevealsPage),
)
export const MailingListsPage = lazyPage(() =>
  import('#client/features/mailing-lists/components/mailing-lists-page.tsx').then((m) => m.MailingListsPage),
)
export const MailingListPage = lazyPage(() =>
  import('#client/features/mailing-lists/components/mailing-list-page.tsx').then((m) => m.MailingListPage),
)
export const SignupWidgetPage = lazyPage(() =>
  import('#client/features/mailing-lists/components/signup-widget-page.tsx').then((m) => m.SignupWidgetPage),
)
export const ConfirmSubscriptionPage = lazyPage(() =>
  import('#client/features/mailing-lists/components/confirm-subscription-page.tsx').then(
    (m) => m.ConfirmSubscriptionPage,
  ),
)
export const UnsubscribePage = lazyPage(() =>
  import('#client/features/mailing-lists/components/unsubscribe-page.tsx').then((m) => m.UnsubscribePage),
)
export const CastingDetailPage = lazyPage(() =>
  import('#client/features/casting/components/casting-detail-page.tsx').then((m) => m.CastingDetailPage),
)
export const CastingEventsPage = lazyPage(() =>
  import('#client/features/casting/components/casting-events-page.tsx').then((m) => m.CastingEventsPage),
)
export const CastingListPage = lazyPage(() =>
  import('#client/features/casting/components/casting-list-page.tsx').then((m) => m.CastingListPage),
)
export const ApplicationFormPage = lazyPage(() =>
  import('#client/features/applications/components/application-form-page.tsx').then(
    (m) => m.ApplicationFormPage,
  ),
)
export const ChooseApplicationTypePage = lazyPage(() =>
  import('#client/features/applications/components/choose-type-page.tsx').then(
    (m) => m.ChooseApplicationTypePage,
  ),
)
export const DiversitySurveyPage = lazyPage(() =>
  import('#client/features/applications/components/diversity-page.tsx').then((m) => m.DiversitySurveyPage),
)
export const MyApplicationsPage = lazyPage(() =>
  import('#client/features/applications/components/my-applications-page.tsx').then(
    (m) => m.MyApplicationsPage,
  ),
)
export const CardPaymentReturnPage = lazyPage(() =>
  import('#client/features/applications/components/card-payment-return-page.tsx').then(
    (m) => m.CardPaymentReturnPage,
  ),
)
export const LearningTracksAdminPage = lazyPage(() =>
  import('#client/features/note-bashing/components/learning-tracks-admin-page.tsx').then(
    (m) => m.LearningTracksAdminPage,
  ),
)
export const NoteBashingPage = lazyPage(() =>
  import('#client/features/note-bashing/components/note-bashing-page.tsx').then((m) => m.NoteBashingPage),
)
export const CastListPage = lazyPage(() =>
  import('#client/features/participants/components/cast-list-page.tsx').then((m) => m.CastListPage),
)
export const CancellationsPage = lazyPage(() =>
  import('#client/features/participants/components/content-pages.tsx').then((m) => m.CancellationsPage),
)
export const SocialLinksPage = lazyPage(() =>
  import('#client/features/participants/components/content-pages.tsx').then((m) => m.SocialLinksPage),
)
export const TicketShopPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-shop-page.tsx').then((m) => m.TicketShopPage),
)
export const MyTicketsPage = lazyPage(() =>
  import('#client/features/tickets/components/my-tickets-page.tsx').then((m) => m.MyTicketsPage),
)
export const CheckInPage = lazyPage(() =>
  import('#client/features/tickets/components/check-in-page.tsx').then((m) => m.CheckInPage),
)
export const TicketStatsPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-stats-page.tsx').then((m) => m.TicketStatsPage),
)
export const TicketAllocationPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-allocation-page.tsx').then(
    (m) => m.TicketAllocationPage,
  ),
)
export const TicketLinkPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-link-page.tsx').then((m) => m.TicketLinkPage),
)
export const TicketOrderPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-order-page.tsx').then((m) => m.TicketOrderPage),
)
export const ConfirmTicketOrderPage = lazyPage(() =>
  import('#client/features/tickets/components/confirm-ticket-order-page.tsx').then(
    (m) => m.ConfirmTicketOrderPage,
  ),
)
export const ClaimTicketsPage = lazyPage(() =>
  import('#client/features/tickets/components/claim-tickets-page.tsx').then((m) => m.ClaimTicketsPage),
)
export const TicketSetupPage = lazyPage(() =>
  import('#client/features/tickets/components/ticket-setup-page.tsx').then((m) => m.TicketSetupPage),
)
export const TicketSalesPage = lazyPage(() =>
  import('#client/features/participants/components/content-pages.tsx').then((m) => m.TicketSalesPage),
)
export const InfoPackPage = lazyPage(() =>
  import('#client/features/participants/components/info-pack-page.tsx').then((m) => m.InfoPackPage),
)
export const PartBreakdownAdminPage = lazyPage(() =>
  import('#client/features/participants/components/part-breakdown-admin-page.tsx').then(
    (m) => m.PartBreakdownAdminPage,
  ),
)
export const PartBreakdownPage = lazyPage(() =>
  import('#client/features/participants/components/part-breakdown-page.tsx').then((m) => m.PartBreakdownPage),
)
export const SandboxPage = lazyPage(() =>
  import('#client/features/participants/components/sandbox-page.tsx').then((m) => m.SandboxPage),
)
export const SocialListPage = lazyPage(() =>
  import('#client/features/participants/components/social-list-page.tsx').then((m) => m.SocialListPage),
)
export const VenueAccessPage = lazyPage(() =>
  import('#client/features/participants/components/venue-access-page.tsx').then((m) => m.VenueAccessPage),
)

export const CommitteePage = lazyPage(() =>
  import('#client/features/people/components/committee-page.tsx').then((m) => m.CommitteePage),
)
export const PrivacyPage = lazyPage(() =>
  import('#client/features/people/components/privacy-page.tsx').then((m) => m.PrivacyPage),
)
export const FirstRunSetupPage = lazyPage(() =>
  import('#client/features/people/components/first-run-setup-page.tsx').then((m) => m.FirstRunSetupPage),
)
export const MemberRecordsPage = lazyPage(() =>
  import('#client/features/people/components/member-records-page.tsx').then((m) => m.MemberRecordsPage),
)
export const MemberRecordPage = lazyPage(() =>
  import('#client/features/people/components/member-record-page.tsx').then((m) => m.MemberRecordPage),
)
export const OutboxPage = lazyPage(() =>
  import('#client/features/admin/components/system-pages.tsx').then((m) => m.OutboxPage),
)
export const JobsPage = lazyPage(() =>
  import('#client/features/admin/components/system-pages.tsx').then((m) => m.JobsPage),
)
export const ProfilePage = lazyPage(() =>
  import('#client/features/people/components/profile-page.tsx').then((m) => m.ProfilePage),
)
export const OperationsEventsPage = lazyPage(() =>
  import('#client/features/operations/components/operations-events-page.tsx').then(
    (m) => m.OperationsEventsPage,
  ),
)
export const OperationsPage = lazyPage(() =>
  import('#client/features/operations/components/operations-page.tsx').then((m) => m.OperationsPage),
)
export const AuditLogPage = lazyPage(() =>
  import('#client/features/admin/components/audit-log-page.tsx').then((m) => m.AuditLogPage),
)

export const MoneyPage = lazyPage(() =>
  import('#client/features/finance/components/money-page.tsx').then((m) => m.MoneyPage),
)

export const SettingsPage = lazyPage(() =>
  import('#client/features/settings/components/settings-page.tsx').then((m) => m.SettingsPage),
)
