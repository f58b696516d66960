import type { Capability } from '#core/auth/policies.ts'

/**
 * Who may call each root field: the entry table of the authorization matrix
 * (`src/server/reliability/authorization-matrix.test.ts`, issue 17). ADD A LINE HERE FOR EVERY NEW
 * ROOT FIELD: the matrix fails on a field without one, and checks every entry against the core
 * capability table for anonymous, a plain member and each role.
 *
 * - `public`: anyone, signed in or not (a hidden or made-up thing is still NOT_FOUND).
 * - `member` (`app.use`): any signed-in user; anonymous callers are refused (UNAUTHENTICATED, or
 *   NOT_FOUND on participant pages that do not say whether they exist).
 * - a capability of `CAPABILITIES` (src/core/auth/policies.ts): the roles holding it; everyone else
 *   is refused with UNAUTHENTICATED or FORBIDDEN (or NOT_FOUND where a page does not say).
 *
 * `variables` (optional) replace the probe's placeholders when a field needs real arguments to
 * reach its authorization check.
 */
export type FieldAccess = 'public' | 'member' | Capability

export interface AuthorizationEntry {
  access: FieldAccess
  variables?: Record<string, unknown>
}

export const AUTHORIZATION_ENTRIES: Record<string, AuthorizationEntry> = {
  // Queries
  acceptanceApplication: { access: 'admin.general' },
  acceptanceEvents: { access: 'admin.general' },
  acceptanceOverview: { access: 'admin.general' },
  adminDashboard: { access: 'admin.general' },
  adminEvent: { access: 'admin.general' },
  adminEvents: { access: 'admin.general' },
  application: { access: 'member' },
  applicationForm: { access: 'member' },
  auditLog: { access: 'admin.audit' },
  committee: { access: 'admin.committee' },
  cancellationsInfo: { access: 'member' },
  castList: { access: 'member' },
  castingApplication: { access: 'admin.general' },
  castingApplications: { access: 'admin.general' },
  castingEvents: { access: 'admin.general' },
  castingNeighbours: { access: 'admin.general' },
  currentUser: { access: 'public' },
  diversityReport: { access: 'admin.general' },
  diversitySurvey: { access: 'member' },
  emailTemplatePlaceholders: { access: 'admin.general' },
  emailTemplates: { access: 'admin.general' },
  event: { access: 'public' },
  eventAttachments: { access: 'admin.general' },
  events: { access: 'public' },
  jobs: { access: 'admin.jobs' },
  learningTracks: { access: 'member' },
  mailingList: { access: 'admin.mailingLists' },
  mailingListExport: { access: 'admin.mailingLists' },
  mailingListMessages: { access: 'admin.mailingLists' },
  mailingListPreview: { access: 'admin.mailingLists' },
  mailingListSubscribers: { access: 'admin.mailingLists' },
  mailingLists: { access: 'admin.mailingLists' },
  listings: { access: 'public' },
  myApplications: { access: 'member' },
  myCalendarFeed: { access: 'member' },
  outbox: { access: 'admin.outbox' },
  partBreakdown: { access: 'member' },
  participantInfoPack: { access: 'member' },
  previewDecisions: { access: 'admin.general' },
  previewEmailTemplate: { access: 'admin.general' },
  sandboxSidebar: { access: 'admin.general' },
  showReveals: { access: 'admin.showReveals' },
  socialLinks: { access: 'member' },
  socialList: { access: 'public' },
  ticketAllocation: { access: 'admin.ticketAllocation' },
  ticketByCode: { access: 'public' },
  heldTicketOrder: { access: 'public' },
  doorList: { access: 'admin.ticketAllocation' },
  ticketSalesInfo: { access: 'member' },
  ticketShop: { access: 'public' },
  ticketStats: { access: 'admin.ticketStats' },
  myTickets: { access: 'public' },
  venueAccess: { access: 'member' },

  memberRecord: { access: 'admin.profiles' },
  memberRecords: { access: 'admin.profiles' },
  memberRecordsCsv: { access: 'admin.profiles' },

  // Mutations
  addEventParticipantsToList: { access: 'admin.mailingLists' },
  markMailingListSubscriberBounced: { access: 'admin.mailingLists' },
  retryJob: { access: 'admin.jobs' },
  retryOutboxMessage: { access: 'admin.outbox' },
  updateMemberProfile: { access: 'admin.profiles' },
  checkInTicket: { access: 'admin.ticketAllocation' },
  joinTicketWaitlist: { access: 'member' },
  purchaseTickets: { access: 'public' },
  holdTickets: { access: 'public' },
  confirmTicketOrder: { access: 'public' },
  transferTicket: { access: 'public' },
  cancelTicket: { access: 'public' },
  syncCheckIns: { access: 'admin.ticketAllocation' },
  recordTicketPayment: { access: 'admin.ticketAllocation' },
  requestBallotTickets: { access: 'member' },
  runBallotDraw: { access: 'admin.ticketAllocation' },
  setUpTicketSale: { access: 'admin.ticketAllocation' },
  acceptOffer: { access: 'member' },
  addEventAttachment: { access: 'admin.general' },
  addLateApplication: { access: 'admin.general' },
  addLearningTrack: { access: 'admin.general' },
  addMailingListSubscriber: { access: 'admin.mailingLists' },
  createMailingList: { access: 'admin.mailingLists' },
  importMailingListSubscribers: { access: 'admin.mailingLists' },
  sendMailingListMessage: { access: 'admin.mailingLists' },
  sendMailingListTest: { access: 'admin.mailingLists' },
  updateMailingList: { access: 'admin.mailingLists' },
  archiveEvent: { access: 'admin.general' },
  assignPart: { access: 'admin.general' },
  createEvent: { access: 'admin.general' },
  decideApplications: { access: 'admin.general' },
  declineOffer: { access: 'member' },
  duplicateEvent: { access: 'admin.general' },
  grantRole: { access: 'admin.committee' },
  grantCommitteeRole: { access: 'admin.committee' },
  handOverRole: { access: 'admin.committee' },
  claimFirstAdmin: { access: 'member' },
  importPartBreakdownCsv: { access: 'admin.general' },
  promoteFromWaitlist: { access: 'admin.general' },
  publishAnnouncement: { access: 'admin.announce' },
  publishEvent: { access: 'admin.general' },
  recordPayment: { access: 'admin.general' },
  removeEventAttachment: { access: 'admin.general' },
  removeLearningTrack: { access: 'admin.general' },
  renewCalendarFeed: { access: 'member' },
  resetEmailTemplate: { access: 'admin.general' },
  revealShowNow: { access: 'admin.showReveals' },
  revokeRole: { access: 'admin.committee' },
  saveApplicationDraft: { access: 'member' },
  saveReview: { access: 'admin.general' },
  scheduleShowReveal: { access: 'admin.showReveals' },
  setEventNumbers: { access: 'admin.general' },
  setEventReleases: { access: 'admin.general' },
  setPartBreakdownCell: { access: 'admin.general' },
  setSocialListOptIn: { access: 'member' },
  submitApplication: { access: 'member' },
  submitDiversitySurvey: { access: 'member' },
  unarchiveEvent: { access: 'admin.general' },
  unpublishEvent: { access: 'admin.general' },
  updateApplicationAnswers: { access: 'member' },
  updateEmailTemplate: { access: 'admin.general' },
  updateEvent: { access: 'admin.general' },
  withdrawApplication: { access: 'member' },

  // Subscriptions (WebSocket only: the matrix checks their entries exist; subscriptions.test.ts
  // covers who hears what)
  announcements: { access: 'public' },
  applicationChanged: { access: 'admin.general' },
  myNavigationChanged: { access: 'member' },
  myAccountChanged: { access: 'member' },
  showRevealed: { access: 'public' },
}
