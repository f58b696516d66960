/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** Why the signed-in account changed: roles, sessions, deleted or profile. */
export type AccountChangeReason =
  | 'deleted'
  | 'profile'
  | 'roles'
  | 'sessions';

export type ApplicationStatus =
  | 'CANCELLED'
  | 'CONFIRMED'
  | 'DECLINED'
  | 'EXPIRED'
  | 'OFFERED'
  | 'PAID'
  | 'REJECTED'
  | 'SUBMITTED'
  | 'WAITLISTED'
  | 'WITHDRAWN';

/** A mark in an attendance register. */
export type AttendanceMark =
  | 'ABSENT'
  | 'APOLOGIES'
  | 'PRESENT';

export type AudienceTypeInput = {
  content?: string | null | undefined;
  key: string;
  title: string;
};

/** What an audit entry records: `tickets.hold` is TICKETS_HOLD (core/audit/audit-actions.ts). */
export type AuditAction =
  | 'ANNOUNCEMENT_PUBLISH'
  | 'APPLICATION_ACCEPT'
  | 'APPLICATION_ADD_LATE'
  | 'APPLICATION_ASSIGN_PART'
  | 'APPLICATION_CANCEL'
  | 'APPLICATION_DECLINE'
  | 'APPLICATION_EXPIRE'
  | 'APPLICATION_MARK_PAID'
  | 'APPLICATION_OFFER'
  | 'APPLICATION_REJECT'
  | 'APPLICATION_REVIEW'
  | 'APPLICATION_SUBMIT'
  | 'APPLICATION_UPDATE'
  | 'APPLICATION_WAITLIST'
  | 'APPLICATION_WITHDRAW'
  | 'ATTENDANCE_MARK'
  | 'EMAIL_TEMPLATE_RESET'
  | 'EMAIL_TEMPLATE_UPDATE'
  | 'EVENT_ARCHIVE'
  | 'EVENT_ATTACHMENT_ADD'
  | 'EVENT_ATTACHMENT_REMOVE'
  | 'EVENT_CREATE'
  | 'EVENT_RELEASES'
  | 'EVENT_REVEAL_NOW'
  | 'EVENT_REVEAL_SCHEDULE'
  | 'EVENT_UNARCHIVE'
  | 'EVENT_UPDATE'
  | 'EVENT_VISIBILITY_DRAFT'
  | 'EVENT_VISIBILITY_MEMBERS'
  | 'EVENT_VISIBILITY_PUBLIC'
  | 'FILE_UPLOAD'
  | 'JOB_RETRY'
  | 'LEARNING_TRACK_ADD'
  | 'LEARNING_TRACK_REMOVE'
  | 'LEARNING_TRACK_REPLACE'
  | 'MAILING_LIST_ADD_EVENT_PARTICIPANTS'
  | 'MAILING_LIST_ADD_SUBSCRIBER'
  | 'MAILING_LIST_BOUNCE'
  | 'MAILING_LIST_CANCEL_SEND'
  | 'MAILING_LIST_CONFIRM'
  | 'MAILING_LIST_CREATE'
  | 'MAILING_LIST_DELETE_TEMPLATE'
  | 'MAILING_LIST_ERASE'
  | 'MAILING_LIST_IMPORT'
  | 'MAILING_LIST_SAVE_TEMPLATE'
  | 'MAILING_LIST_SEND'
  | 'MAILING_LIST_SUBSCRIBER_SUBSCRIBE'
  | 'MAILING_LIST_SUBSCRIBER_UNSUBSCRIBE'
  | 'MAILING_LIST_UNSUBSCRIBE'
  | 'MAILING_LIST_UPDATE'
  | 'NEED_TO_KNOW_FORBIDDEN'
  | 'NEED_TO_KNOW_VIEW'
  | 'OPERATIONS_CHASE'
  | 'OPERATIONS_MESSAGE'
  | 'OUTBOX_RETRY'
  | 'PART_BREAKDOWN_CELL'
  | 'PART_BREAKDOWN_IMPORT'
  | 'PART_BREAKDOWN_NUMBERS'
  | 'PAYMENT_CARD_START'
  | 'PAYMENT_CARD_UNMATCHED'
  | 'PAYMENT_RECORD'
  | 'PAYMENT_REFUND'
  | 'PROFILE_PHOTO'
  | 'PROFILE_PHOTO_REMOVE'
  | 'PROFILE_PUSH_PREFERENCES'
  | 'PROFILE_SOCIAL_LIST_OPT_IN'
  | 'PROFILE_STAFF_EDIT'
  | 'PROFILE_UPDATE'
  | 'SOCIETY_GETTING_STARTED_DISMISS'
  | 'SOCIETY_GETTING_STARTED_MARK'
  | 'SOCIETY_SETTINGS_UPDATE'
  | 'TICKETS_ASSIGN_SEAT'
  | 'TICKETS_AUTO_SEAT_TABLES'
  | 'TICKETS_AWAIT_EMAIL'
  | 'TICKETS_BALLOT_DRAW'
  | 'TICKETS_BALLOT_OFFER_LAPSED'
  | 'TICKETS_BALLOT_REQUEST'
  | 'TICKETS_BOX_OFFICE_SALE'
  | 'TICKETS_CANCEL'
  | 'TICKETS_CARD_PAID'
  | 'TICKETS_CHECK_IN'
  | 'TICKETS_CLOSE_TYPE_SALE'
  | 'TICKETS_CONFIRM'
  | 'TICKETS_CONFIRM_BY_EMAIL'
  | 'TICKETS_DOOR_PAYMENT'
  | 'TICKETS_EMAIL_LINK_LAPSED'
  | 'TICKETS_HOLD'
  | 'TICKETS_HOLD_CANCELLED'
  | 'TICKETS_HOLD_RELEASED'
  | 'TICKETS_HOLD_REPLACED'
  | 'TICKETS_ORDER_CANCELLED'
  | 'TICKETS_PAYMENT'
  | 'TICKETS_PURCHASE'
  | 'TICKETS_REFUND'
  | 'TICKETS_REMOVE_TYPE'
  | 'TICKETS_SET_SEATING'
  | 'TICKETS_SET_UP_SALE'
  | 'TICKETS_TRANSFER'
  | 'TICKETS_UPDATE_TYPE'
  | 'TICKETS_VOUCHER_CREATED'
  | 'TICKETS_VOUCHER_DISABLED'
  | 'TICKETS_WAITLIST'
  | 'USER_DELETE'
  | 'USER_ROLE_GRANT'
  | 'USER_ROLE_LAPSE'
  | 'USER_ROLE_LAPSE_REFUSED'
  | 'USER_ROLE_RENEW'
  | 'USER_ROLE_REVOKE';

/** What kind of record an audit entry is about: `ticket_order` is TICKET_ORDER. */
export type AuditEntityType =
  | 'ANNOUNCEMENT'
  | 'APPLICATION'
  | 'BALLOT_REQUEST'
  | 'EMAIL_TEMPLATE'
  | 'EVENT'
  | 'FILE'
  | 'JOB'
  | 'LEARNING_TRACK'
  | 'MAILING_LIST'
  | 'MAILING_LIST_MESSAGE'
  | 'MAILING_LIST_SUBSCRIBER'
  | 'MAILING_LIST_TEMPLATE'
  | 'OUTBOX'
  | 'PROFILE'
  | 'SOCIETY_SETTINGS'
  | 'TICKET'
  | 'TICKET_ORDER'
  | 'TICKET_TYPE'
  | 'TICKET_VOUCHER'
  | 'TICKET_WAITLIST'
  | 'USER';

/** A ballot request before the draw (PENDING), then WON or on the WAITLIST. */
export type BallotOutcome =
  | 'PENDING'
  | 'WAITLIST'
  | 'WON';

/** The account members and ticket buyers pay into (`bankDetailsSchema`). */
export type BankDetailsInput = {
  accountName?: string | null | undefined;
  accountNumber?: string | null | undefined;
  referenceFormat?: string | null | undefined;
  sortCode?: string | null | undefined;
};

/** How many tickets of one type a basket asks for (a line of 0 is left out). */
export type BasketLineInput = {
  quantity: number;
  ticketTypeId: string;
};

export type CardCheckoutStatus =
  | 'EXPIRED'
  | 'OPEN'
  | 'PAID';

/** Which applications the casting list shows. Empty lists and nulls mean "any". */
export type CastingFilter = {
  /** Highest average score (1–5). */
  maxScore?: number | null | undefined;
  /** Lowest average score (1–5); unscored ones drop out. */
  minScore?: number | null | undefined;
  /** Assigned parts; "" means no part yet. */
  parts?: Array<string> | null | undefined;
  /** Part of the name or preferred name. */
  search?: string | null | undefined;
  statuses?: Array<ApplicationStatus> | null | undefined;
  /** Application types (keys). */
  types?: Array<string> | null | undefined;
};

export type CastingSort = {
  direction?: CastingSortDirection | null | undefined;
  field: CastingSortField;
};

export type CastingSortDirection =
  | 'ASC'
  | 'DESC';

export type CastingSortField =
  | 'NAME'
  | 'SCORE'
  | 'STATUS'
  | 'SUBMITTED_AT'
  | 'TYPE';

/** What a dashboard to-do is about. */
export type DashboardTodoKind =
  | 'AWAITING_DECISION'
  | 'FAILED_JOBS'
  | 'FAILED_MAIL'
  | 'OFFER_EXPIRING'
  | 'PAYMENT_OVERDUE'
  | 'REVEAL_SCHEDULED';

export type DecisionAction =
  | 'CANCEL'
  | 'OFFER'
  | 'REJECT'
  | 'WAITLIST';

/** Money taken at the door: CASH, or CARD on the society’s own reader. */
export type DoorPaymentMethod =
  | 'CARD'
  | 'CASH';

/** What the door does: ADMIT (green), COLLECT money first (amber) or REFUSE (red). */
export type DoorVerdict =
  | 'ADMIT'
  | 'COLLECT'
  | 'REFUSE';

export type EmailPreferencesInput = {
  /** New events and auditions opening. */
  eventAnnouncements: boolean;
  /** Reminders before rehearsals and deadlines. */
  reminders: boolean;
};

/** An application email: `application.offered` is APPLICATION_OFFERED. */
export type EmailTemplateKey =
  | 'APPLICATION_CONFIRMED'
  | 'APPLICATION_EXPIRED'
  | 'APPLICATION_OFFERED'
  | 'APPLICATION_OFFER_REMINDER'
  | 'APPLICATION_REJECTED'
  | 'APPLICATION_SUBMITTED'
  | 'APPLICATION_WAITLISTED';

/** What an emailed confirmation link finds: an order to confirm, one confirmed, one lapsed, nothing. */
export type EmailedOrderState =
  | 'CONFIRMED'
  | 'LAPSED'
  | 'OPEN'
  | 'UNKNOWN';

/** Who to call in an emergency (`emergencyContactSchema`: name, phone, relationship). */
export type EmergencyContactInput = {
  name?: string | null | undefined;
  phone?: string | null | undefined;
  relationship?: string | null | undefined;
};

export type EventConfigInput = {
  /** Keyed by application type key: { label, open, capacity, auditionRequired, offerExpiryDays, autoOfferFromWaitlist, questions }. */
  applicationTypes?: unknown;
  content?: EventContentInput | null | undefined;
  /** How members pay: bank transfer (with the account), at the door, or online later. */
  howToPay?: HowToPayInput | null | undefined;
  offerLapsedPlacesToWaitlist?: boolean | null | undefined;
  /** Voice parts, characters or chairs, for casting. */
  parts?: Array<string> | null | undefined;
  /** Keyed by application type key: a list of { key, label, amountPence, dueDate (yyyy-mm-dd) }. */
  paymentLines?: unknown;
  permissions?: EventPermissionsInput | null | undefined;
  /** Rehearsal and performance dates (yyyy-mm-dd), for attendance registers. */
  schedule?: Array<ScheduleDateInput> | null | undefined;
};

export type EventContentInput = {
  auditionInfo?: string | null | undefined;
  cancellationsAndRefunds?: string | null | undefined;
  /** Keyed by application type key: that type’s info pack (Markdown). */
  infoPack?: unknown;
  socialLinks?: string | null | undefined;
  ticketSales?: string | null | undefined;
  venueAccess?: string | null | undefined;
};

/** An event as staff write it; checked by the shared event schema (VALIDATION per field). */
export type EventInput = {
  /** Who the event is for, each with a page of its own (Markdown content). */
  audienceTypes?: Array<AudienceTypeInput> | null | undefined;
  /** Markdown. */
  description?: string | null | undefined;
  endDate: string;
  /** Releases, application types, payment lines, content blocks and parts. */
  eventConfig?: EventConfigInput | null | undefined;
  /** Secret until the reveal time; null when the event has none. */
  showName?: string | null | undefined;
  signupDeadline?: string | null | undefined;
  /** Lower-case words joined by hyphens; a changed slug keeps the old URL redirecting. */
  slug: string;
  startDate: string;
  summary?: string | null | undefined;
  title: string;
  type: EventType;
  venue?: string | null | undefined;
  visibility?: EventVisibility | null | undefined;
};

export type EventNumberInput = {
  /** Keep this existing number (and its tracks); omit for a new one. */
  id?: string | null | undefined;
  label: string;
  title: string;
};

export type EventPermissionsInput = {
  releaseCastList?: boolean | null | undefined;
  releaseFinalParticipantInfo?: boolean | null | undefined;
  releaseParticipantInfoPack?: boolean | null | undefined;
};

export type EventType =
  | 'CHOIR_SEASON'
  | 'CONCERT'
  | 'SHOW'
  | 'SINGTHROUGH'
  | 'SOCIAL';

export type EventVisibility =
  | 'draft'
  | 'members'
  | 'public';

/** A step of the getting-started checklist. */
export type GettingStartedItem =
  | 'COMMITTEE_ROLES'
  | 'FIRST_EVENT'
  | 'MAILING_LIST'
  | 'SETTINGS'
  | 'WIDGET';

export type HowToPayInput = {
  accountName?: string | null | undefined;
  accountNumber?: string | null | undefined;
  method?: HowToPayMethod | null | undefined;
  note?: string | null | undefined;
  sortCode?: string | null | undefined;
};

/** How members pay what they owe for an event. */
export type HowToPayMethod =
  | 'AT_THE_DOOR'
  | 'BANK_TRANSFER'
  | 'ONLINE';

export type InstrumentLevel =
  | 'advanced'
  | 'beginner'
  | 'intermediate'
  | 'professional';

export type JobStatus =
  | 'COMPLETED'
  | 'FAILED'
  | 'PENDING'
  | 'RUNNING';

/** A mailing list as staff write it; checked by the shared schema (VALIDATION per field). */
export type MailingListInput = {
  description?: string | null | undefined;
  /** New addresses confirm by email before they receive anything (default on). */
  doubleOptIn?: boolean | null | undefined;
  /** Public lists are offered by the signup widget; private ones only by staff. */
  isPublic?: boolean | null | undefined;
  name: string;
  /** Lower-case words joined by hyphens: the admin page and widget address use it. */
  slug: string;
  /** Markdown sent when an address is subscribed; empty for none. */
  welcomeMessage?: string | null | undefined;
};

/** Scheduled until its time (or cancelled before it); sending until every recipient is in the outbox, then sent. */
export type MailingMessageStatus =
  | 'cancelled'
  | 'scheduled'
  | 'sending'
  | 'sent';

/** Filters of the member records list; checked by the shared schema (core/profiles/member-records). */
export type MemberRecordFilter = {
  /** Members with a CONFIRMED or PAID application to this event. */
  eventSlug?: string | null | undefined;
  /** An instrument name (whole, case-insensitive). */
  instrument?: string | null | undefined;
  /** The year the account was created (UTC). */
  joinedYear?: number | null | undefined;
  role?: Role | null | undefined;
  /** Part of a name, preferred name, email or slug. */
  search?: string | null | undefined;
  /** One of the profile’s voice parts, e.g. "alto 1". */
  voicePart?: string | null | undefined;
};

export type NavigationChangeReason =
  | 'APPLICATION'
  | 'RELEASES';

export type OfflineScanInput = {
  /** ISO time of the scan at the door. */
  at: string;
  code: string;
  /** Money taken for it at the door ("Paid at the door"), recorded when it syncs. */
  payment?: DoorPaymentMethod | null | undefined;
};

/** The participants tab (CONFIRMED, PAID) or the pending tab (OFFERED, WAITLISTED). */
export type OperationsTab =
  | 'participants'
  | 'pending';

export type OutboxStatus =
  | 'FAILED'
  | 'QUEUED'
  | 'SENT';

/** The participants table’s filter (as the CSV export takes it). */
export type ParticipantFilterInput = {
  part?: string | null | undefined;
  search?: string | null | undefined;
  status?: ApplicationStatus | null | undefined;
  tab: OperationsTab;
  type?: string | null | undefined;
};

/** Admin sandbox: see the page as a member with this application type and status would. */
export type ParticipantPreviewInput = {
  applicationType: string;
  status: ApplicationStatus;
};

/** The column the participants table is sorted by. */
export type ParticipantSortKey =
  | 'name'
  | 'outstanding'
  | 'part'
  | 'status'
  | 'type';

/** One payment (negative: a refund) against a payment line; checked by the shared schema. */
export type PaymentEntryInput = {
  /** Whole pence, not zero; negative for a refund. */
  amountPence: number;
  /** The payment line of the application type it is paid against. */
  lineKey: string;
  method: PaymentMethod;
  /** Optional: a receipt number or the bank reference. */
  reference?: string | null | undefined;
};

export type PaymentMethod =
  | 'BANK_TRANSFER'
  | 'CARD'
  | 'CARD_ONLINE'
  | 'CASH'
  | 'OTHER';

export type ProfileEmergencyContactInput = {
  name: string;
  phone: string;
  relationship: string;
};

/** The profile details every application needs (`profileEssentialsSchema`), saved back to the profile. Every field is checked on the server: a missing or bad one is VALIDATION on its path, e.g. `profile.phone`. */
export type ProfileEssentialsInput = {
  emergencyContact?: EmergencyContactInput | null | undefined;
  name?: string | null | undefined;
  phone?: string | null | undefined;
};

/** The whole profile, checked by `profileSchema` (the form uses the same one): VALIDATION names each bad field by path. */
export type ProfileInput = {
  accessNeeds: string;
  bio: string;
  dietaryRequirements: string;
  emailPreferences: EmailPreferencesInput;
  emergencyContact?: ProfileEmergencyContactInput | null | undefined;
  instruments: Array<ProfileInstrumentInput>;
  phone: string;
  preferredName: string;
  pronouns: string;
  socialListOptIn: boolean;
  voicePart: string;
};

export type ProfileInstrumentInput = {
  instrument: string;
  level: InstrumentLevel;
};

/** Every notification switch, checked by `pushPreferencesSchema` (the switches use the same one). */
export type PushPreferencesInput = {
  offers: boolean;
  releases: boolean;
  showReveals: boolean;
  ticketOffers: boolean;
};

/** A browser's push subscription (PushSubscription.toJSON(): endpoint and keys). */
export type PushSubscriptionInput = {
  auth: string;
  endpoint: string;
  p256dh: string;
};

export type QuestionKind =
  | 'file'
  | 'instrument'
  | 'long_text'
  | 'multi_choice'
  | 'short_text'
  | 'single_choice'
  | 'voice_part';

export type Role =
  | 'boardMember'
  | 'orchestraAdmin'
  | 'sitrMD'
  | 'socialConvenor'
  | 'superAdmin'
  | 'ticketAdmin';

export type ScheduleDateInput = {
  date: string;
  kind: ScheduleKind;
  label?: string | null | undefined;
};

/** A rehearsal or a performance of an event. */
export type ScheduleKind =
  | 'PERFORMANCE'
  | 'REHEARSAL';

/** SEATS (one ticket per label) or TABLES. */
export type SeatingMode =
  | 'SEATS'
  | 'TABLES';

/** What a one-time setup link is now: usable, spent or expired, or no longer needed. */
export type SetupLinkState =
  | 'finished'
  | 'open'
  | 'spent';

/** Why members cannot apply now (its words are ApplicationForm.closedMessage). */
export type SignupClosedReason =
  | 'ARCHIVED'
  | 'DEADLINE_PASSED'
  | 'DRAFT'
  | 'ENDED'
  | 'NOT_REVEALED'
  | 'NO_SUCH_TYPE'
  | 'TYPE_CLOSED';

/** The society’s settings (`societySettingsSchema`); every field is checked on the server. */
export type SocietySettingsInput = {
  accentColour?: string | null | undefined;
  bank?: BankDetailsInput | null | undefined;
  logoUrl?: string | null | undefined;
  name?: string | null | undefined;
  shortName?: string | null | undefined;
  supportEmail?: string | null | undefined;
  timeZone?: string | null | undefined;
};

/** What staff may correct on a member’s profile; empty strings clear a field. */
export type StaffProfileEditInput = {
  accessNeeds?: string | null | undefined;
  dietaryRequirements?: string | null | undefined;
  name: string;
  phone?: string | null | undefined;
  preferredName?: string | null | undefined;
  pronouns?: string | null | undefined;
  voicePart?: string | null | undefined;
};

/** Where a member is in their studies: student, alumni, staff or external. */
export type StudentStatus =
  | 'ALUMNI'
  | 'EXTERNAL'
  | 'STAFF'
  | 'STUDENT';

/** Where a subscriber came from. */
export type SubscriberSource =
  | 'admin'
  | 'demo'
  | 'event'
  | 'import'
  | 'profile'
  | 'widget';

export type SubscriberStatus =
  | 'bounced'
  | 'subscribed'
  | 'unconfirmed'
  | 'unsubscribed';

/** Who may buy a ticket type. */
export type TicketAudience =
  | 'COMP'
  | 'MEMBERS'
  | 'PARTICIPANTS'
  | 'PUBLIC';

/** What a page showing an event offers about its tickets: BUY ("Buy tickets"), BALLOT ("Enter the ballot"), WAITLIST ("Join the waitlist"), SOLD_OUT ("Sold out"). */
export type TicketCallToAction =
  | 'BALLOT'
  | 'BUY'
  | 'SOLD_OUT'
  | 'WAITLIST';

/** First come first served, or allocated by a ballot. */
export type TicketMode =
  | 'BALLOT'
  | 'FIRST_COME';

/** Where an order came from: a checkout (SALE), a ballot win, or the box office at the door. */
export type TicketOrderSource =
  | 'BALLOT'
  | 'BOX_OFFICE'
  | 'SALE';

/** HELD (checkout in progress or waitlist offer), AWAITING_PAYMENT, PAID or CANCELLED. */
export type TicketOrderStatus =
  | 'AWAITING_PAYMENT'
  | 'CANCELLED'
  | 'HELD'
  | 'PAID';

/** How a buyer pays for tickets: at the door, by bank transfer, or by card online (Stripe Checkout). */
export type TicketPayment =
  | 'BANK_TRANSFER'
  | 'CARD'
  | 'PAY_AT_DOOR';

/** An event's ticket set-up; checked by the shared schema (VALIDATION per field). */
export type TicketSaleInput = {
  /** New ticket types (existing ones are kept). */
  addTypes: Array<TicketTypeInput>;
  /** Tickets the event holds, shared by every type; never below those already taken. */
  capacity: number;
  /** Whether the shop is open to buyers. */
  published: boolean;
};

/** What a door scan found: VALID, COLLECT (owes money), ALREADY_USED, WRONG_EVENT or UNKNOWN. */
export type TicketScanKind =
  | 'ALREADY_USED'
  | 'COLLECT'
  | 'UNKNOWN'
  | 'VALID'
  | 'WRONG_EVENT';

/** Where the signed-in viewer stands with an event’s tickets: HOLDS_TICKETS ("Your tickets"), IN_BALLOT ("You’re in the ballot"), ON_WAITLIST ("You’re on the waitlist"). */
export type TicketStanding =
  | 'HOLDS_TICKETS'
  | 'IN_BALLOT'
  | 'ON_WAITLIST';

/** VALID until scanned (CHECKED_IN) or cancelled or transferred (VOID). */
export type TicketStatus =
  | 'CHECKED_IN'
  | 'VALID'
  | 'VOID';

export type TicketTypeInput = {
  audience: TicketAudience;
  /** Free tickets (issued at once): the price is then 0. A price of 0 without it is refused. */
  free?: boolean | null | undefined;
  /** Hidden from the shop unless a voucher code that unlocks it is given. */
  hidden?: boolean | null | undefined;
  /** Shown on the ticket: doors, seating, what is included. */
  info?: string | null | undefined;
  mode: TicketMode;
  name: string;
  perPersonLimit: number;
  /** Price in pence, required: more than 0, or 0 with `free` (VALIDATION otherwise). */
  pricePence: number;
  quota: number;
  saleEndsAt?: string | null | undefined;
  saleStartsAt?: string | null | undefined;
};

export type TicketVoucherInput = {
  /** PERCENT: 1–100; FIXED: pence off; UNLOCK: 0. */
  amount: number;
  code: string;
  expiresAt?: string | null | undefined;
  kind: TicketVoucherKind;
  /** How many holds may use it; null: no limit. */
  maxUses?: number | null | undefined;
  /** The types it is valid for (UNLOCK: the hidden types it unlocks); empty: every type. */
  typeIds?: Array<string> | null | undefined;
};

/** Percent off, an amount off, or the unlocking of hidden ticket types. */
export type TicketVoucherKind =
  | 'FIXED'
  | 'PERCENT'
  | 'UNLOCK';

export type SetupPendingQueryVariables = Exact<{ [key: string]: never; }>;


export type SetupPendingQuery = { setupPending: boolean };

export type SetupLinkQueryVariables = Exact<{
  token: string;
}>;


export type SetupLinkQuery = { setupLink: SetupLinkState };

export type AcceptanceApplicationQueryVariables = Exact<{
  id: string;
}>;


export type AcceptanceApplicationQuery = { acceptanceApplication: { id: string, applicantName: string, status: ApplicationStatus, ledger: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean }>, payments: Array<{ id: string, lineKey: string, amountPence: number, method: PaymentMethod, reference: string, recordedAt: string }> } };

export type RecordPaymentsMutationVariables = Exact<{
  applicationId: string;
  entries: Array<PaymentEntryInput> | PaymentEntryInput;
}>;


export type RecordPaymentsMutation = { recordPayments: { id: string, status: ApplicationStatus } };

export type PaymentInstructionsFieldsFragment = { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null };

export type RefundCardPaymentMutationVariables = Exact<{
  paymentId: string;
  amountPence: number;
}>;


export type RefundCardPaymentMutation = { refundCardPayment: { id: string, status: ApplicationStatus } };

export type AcceptanceEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type AcceptanceEventsQuery = { acceptanceEvents: Array<{ id: string, slug: string, title: string, startDate: string, counts: { submitted: number, offered: number, confirmed: number, paid: number } }> };

export type AcceptanceOverviewQueryVariables = Exact<{
  eventSlug: string;
}>;


export type AcceptanceOverviewQuery = { acceptanceOverview: { eventId: string, eventSlug: string, eventTitle: string, types: Array<{ key: string, label: string, capacity: number | null, placesHeld: number, placesLeft: number | null, offerExpiryDays: number, autoOfferFromWaitlist: boolean, counts: { submitted: number, waitlisted: number, offered: number, confirmed: number, paid: number } }>, applications: Array<{ id: string, slug: string, applicationType: string, status: ApplicationStatus, version: number, statusChangedAt: string, offerExpiresAt: string | null, applicantName: string, applicantEmail: string, submittedAt: string, part: string | null, voicePart: string | null, averageScore: number | null, owedPence: number, outstandingPence: number, canRecordPayment: boolean }> } };

export type PreviewDecisionsQueryVariables = Exact<{
  eventSlug: string;
  applicationIds: Array<string> | string;
  action: DecisionAction;
  offerExpiresAt?: string | null | undefined;
}>;


export type PreviewDecisionsQuery = { previewDecisions: Array<{ applicationId: string, applicantName: string, applicantEmail: string, currentStatus: ApplicationStatus, resultingStatus: ApplicationStatus | null, refusal: string | null, offerExpiresAt: string | null, email: { template: EmailTemplateKey, subject: string, text: string } | null }> };

export type DecideApplicationsMutationVariables = Exact<{
  eventSlug: string;
  applicationIds: Array<string> | string;
  action: DecisionAction;
  offerExpiresAt?: string | null | undefined;
  expectedVersions?: Array<number> | number | null | undefined;
}>;


export type DecideApplicationsMutation = { decideApplications: Array<{ id: string, status: ApplicationStatus }> };

export type PromoteFromWaitlistMutationVariables = Exact<{
  eventSlug: string;
  type: string;
}>;


export type PromoteFromWaitlistMutation = { promoteFromWaitlist: { id: string, status: ApplicationStatus } | null };

export type EmailTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type EmailTemplatesQuery = { emailTemplates: Array<{ key: EmailTemplateKey, subject: string, body: string, customised: boolean, defaultSubject: string, defaultBody: string }>, emailTemplatePlaceholders: Array<{ name: string, description: string }> };

export type PreviewEmailTemplateQueryVariables = Exact<{
  key: EmailTemplateKey;
  subject: string;
  body: string;
}>;


export type PreviewEmailTemplateQuery = { previewEmailTemplate: { subject: string, text: string, html: string } };

export type UpdateEmailTemplateMutationVariables = Exact<{
  key: EmailTemplateKey;
  subject: string;
  body: string;
}>;


export type UpdateEmailTemplateMutation = { updateEmailTemplate: { key: EmailTemplateKey, subject: string, body: string, customised: boolean } };

export type ResetEmailTemplateMutationVariables = Exact<{
  key: EmailTemplateKey;
}>;


export type ResetEmailTemplateMutation = { resetEmailTemplate: { key: EmailTemplateKey, subject: string, body: string, customised: boolean } };

export type EmailTemplateFieldsFragment = { key: EmailTemplateKey, subject: string, body: string, customised: boolean };

export type DiversityReportQueryVariables = Exact<{
  eventSlug: string;
}>;


export type DiversityReportQuery = { diversityReport: { withheld: boolean, total: string, event: { id: string, slug: string, title: string }, questions: Array<{ key: string, label: string, counts: Array<{ answer: string, count: string }> }> } };

export type AddLateApplicationMutationVariables = Exact<{
  eventSlug: string;
  userEmail: string;
  type: string;
  notify: boolean;
}>;


export type AddLateApplicationMutation = { addLateApplication: { id: string, slug: string, applicationType: string, status: ApplicationStatus } };

export type AdminDashboardQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminDashboardQuery = { adminDashboard: { recentActivityCount: number, applicationsByStatus: Array<{ status: ApplicationStatus, count: number }>, upcomingEvents: Array<{ id: string, slug: string, title: string, startDate: string, signupDeadline: string | null }>, todo: Array<{ kind: DashboardTodoKind, eventSlug: string | null, eventTitle: string | null, text: string, count: number, link: string, at: string | null }>, recentActivity: Array<{ id: string, action: AuditAction, entityType: AuditEntityType, actorName: string | null, at: string, link: string }> } };

export type AdminEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminEventsQuery = { events: Array<{ id: string, slug: string, type: EventType, title: string, showName: string | null, startDate: string, endDate: string, signupDeadline: string | null, summary: string, venue: string }> };

export type AuditLogQueryVariables = Exact<{
  actor?: string | null | undefined;
  entityType?: AuditEntityType | null | undefined;
  entityId?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type AuditLogQuery = { auditLog: Array<{ id: string, action: AuditAction, entityType: AuditEntityType, entityId: string | null, after: unknown, createdAt: string, actor: { id: string, name: string } | null }> };

export type AdminEventListQueryVariables = Exact<{
  includeArchived?: boolean | null | undefined;
}>;


export type AdminEventListQuery = { adminEvents: Array<{ id: string, slug: string, type: EventType, title: string, showName: string | null, visibility: EventVisibility, archivedAt: string | null, startDate: string, endDate: string, eventConfig: unknown, updatedAt: string }> };

export type AdminEventQueryVariables = Exact<{
  slug: string;
}>;


export type AdminEventQuery = { adminEvent: { id: string, slug: string, type: EventType, title: string, showName: string | null, summary: string, description: string, venue: string, startDate: string, endDate: string, signupDeadline: string | null, visibility: EventVisibility, audienceTypes: unknown, eventConfig: unknown } };

export type CreateEventMutationVariables = Exact<{
  input: EventInput;
}>;


export type CreateEventMutation = { createEvent: { id: string, slug: string, visibility: EventVisibility } };

export type UpdateEventMutationVariables = Exact<{
  id: string;
  input: EventInput;
}>;


export type UpdateEventMutation = { updateEvent: { id: string, slug: string, type: EventType, title: string, showName: string | null, summary: string, description: string, venue: string, startDate: string, endDate: string, signupDeadline: string | null, visibility: EventVisibility, updatedAt: string } };

export type PublishEventMutationVariables = Exact<{
  id: string;
  visibility?: EventVisibility | null | undefined;
}>;


export type PublishEventMutation = { publishEvent: { id: string, visibility: EventVisibility, updatedAt: string } };

export type UnpublishEventMutationVariables = Exact<{
  id: string;
}>;


export type UnpublishEventMutation = { unpublishEvent: { id: string, visibility: EventVisibility, updatedAt: string } };

export type ArchiveEventMutationVariables = Exact<{
  id: string;
}>;


export type ArchiveEventMutation = { archiveEvent: { id: string, archivedAt: string | null, updatedAt: string } };

export type UnarchiveEventMutationVariables = Exact<{
  id: string;
}>;


export type UnarchiveEventMutation = { unarchiveEvent: { id: string, archivedAt: string | null, visibility: EventVisibility, updatedAt: string } };

export type DuplicateEventMutationVariables = Exact<{
  id: string;
  slug: string;
  title?: string | null | undefined;
}>;


export type DuplicateEventMutation = { duplicateEvent: { id: string, slug: string } };

export type SetEventReleasesMutationVariables = Exact<{
  id: string;
  releaseParticipantInfoPack?: boolean | null | undefined;
  releaseFinalParticipantInfo?: boolean | null | undefined;
  releaseCastList?: boolean | null | undefined;
}>;


export type SetEventReleasesMutation = { setEventReleases: { id: string, eventConfig: unknown, updatedAt: string } };

export type EventVisibilityFieldsFragment = { id: string, visibility: EventVisibility, updatedAt: string };

export type GettingStartedFieldsFragment = { complete: boolean, dismissed: boolean, items: Array<{ item: GettingStartedItem, title: string, hint: string, link: string, linkLabel: string, done: boolean, markable: boolean }> };

export type GettingStartedQueryVariables = Exact<{ [key: string]: never; }>;


export type GettingStartedQuery = { gettingStarted: { complete: boolean, dismissed: boolean, items: Array<{ item: GettingStartedItem, title: string, hint: string, link: string, linkLabel: string, done: boolean, markable: boolean }> } };

export type MarkGettingStartedDoneMutationVariables = Exact<{
  item: GettingStartedItem;
}>;


export type MarkGettingStartedDoneMutation = { markGettingStartedDone: { complete: boolean, dismissed: boolean, items: Array<{ item: GettingStartedItem, title: string, hint: string, link: string, linkLabel: string, done: boolean, markable: boolean }> } };

export type DismissGettingStartedMutationVariables = Exact<{ [key: string]: never; }>;


export type DismissGettingStartedMutation = { dismissGettingStarted: { complete: boolean, dismissed: boolean, items: Array<{ item: GettingStartedItem, title: string, hint: string, link: string, linkLabel: string, done: boolean, markable: boolean }> } };

export type ShowRevealsQueryVariables = Exact<{ [key: string]: never; }>;


export type ShowRevealsQuery = { showReveals: Array<{ id: string, slug: string, title: string, showName: string | null, revealAt: string | null, visibility: EventVisibility }> };

export type ScheduleShowRevealMutationVariables = Exact<{
  id: string;
  revealAt: string;
}>;


export type ScheduleShowRevealMutation = { scheduleShowReveal: { id: string, revealAt: string | null, showName: string | null } };

export type RevealShowNowMutationVariables = Exact<{
  id: string;
}>;


export type RevealShowNowMutation = { revealShowNow: { id: string, revealAt: string | null, showName: string | null } };

export type ShowRevealFieldsFragment = { id: string, revealAt: string | null, showName: string | null };

export type OutboxQueryVariables = Exact<{
  status?: OutboxStatus | null | undefined;
  offset?: number | null | undefined;
}>;


export type OutboxQuery = { outbox: Array<{ id: string, to: string, subject: string, template: string | null, status: OutboxStatus, attempts: number, lastError: string | null, createdAt: string, sentAt: string | null }> };

export type RetryOutboxMessageMutationVariables = Exact<{
  id: string;
}>;


export type RetryOutboxMessageMutation = { retryOutboxMessage: { id: string, status: OutboxStatus } };

export type JobsQueryVariables = Exact<{
  status?: JobStatus | null | undefined;
  offset?: number | null | undefined;
}>;


export type JobsQuery = { jobs: Array<{ id: string, name: string, status: JobStatus, attempts: number, maxAttempts: number, runAt: string, lastError: string | null, createdAt: string, completedAt: string | null }> };

export type RetryJobMutationVariables = Exact<{
  id: string;
}>;


export type RetryJobMutation = { retryJob: { id: string, status: JobStatus, attempts: number } };

export type AnnouncementsSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AnnouncementsSubscription = { announcements: { id: string, message: string, authorName: string, createdAt: string } };

export type ApplyChoiceQueryVariables = Exact<{
  slug: string;
}>;


export type ApplyChoiceQuery = { event: { id: string, slug: string, title: string, showName: string | null, revealAt: string | null, signupDeadline: string | null, applicationTypes: Array<{ key: string, label: string, open: boolean, auditionRequired: boolean }>, openApplicationTypes: Array<{ key: string, label: string, auditionRequired: boolean }> } };

export type ApplicationFormQueryVariables = Exact<{
  eventSlug: string;
  type: string;
}>;


export type ApplicationFormQuery = { applicationForm: { applicationType: string, label: string, auditionRequired: boolean, closedReason: SignupClosedReason | null, closedMessage: string | null, draft: unknown, questions: Array<{ key: string, label: string, kind: QuestionKind, required: boolean, help: string | null, options: Array<string> | null, maxLength: number | null }>, profile: { name: string, phone: string | null, emergencyContact: { name: string, phone: string, relationship: string } | null }, event: { id: string, slug: string, title: string, showName: string | null, revealAt: string | null, signupDeadline: string | null }, application: { id: string, status: ApplicationStatus, version: number, answers: unknown, viewerCan: { edit: boolean } } | null } };

export type SaveApplicationDraftMutationVariables = Exact<{
  eventSlug: string;
  type: string;
  data: unknown;
}>;


export type SaveApplicationDraftMutation = { saveApplicationDraft: string };

export type SubmitApplicationMutationVariables = Exact<{
  eventSlug: string;
  type: string;
  profile: ProfileEssentialsInput;
  answers: unknown;
}>;


export type SubmitApplicationMutation = { submitApplication: { answers: unknown, id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } } };

export type UpdateApplicationAnswersMutationVariables = Exact<{
  id: string;
  expectedVersion: number;
  profile: ProfileEssentialsInput;
  answers: unknown;
}>;


export type UpdateApplicationAnswersMutation = { updateApplicationAnswers: { id: string, status: ApplicationStatus, version: number, answers: unknown, updatedAt: string, viewerCan: { edit: boolean } } };

export type MyApplicationsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyApplicationsQuery = { myApplications: Array<{ id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, event: { id: string, slug: string, title: string, showName: string | null, revealAt: string | null, startDate: string, endDate: string, signupDeadline: string | null }, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } }> };

export type MyApplicationFieldsFragment = { id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } };

export type WithdrawApplicationMutationVariables = Exact<{
  id: string;
  expectedVersion?: number | null | undefined;
}>;


export type WithdrawApplicationMutation = { withdrawApplication: { id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } } };

export type AcceptOfferMutationVariables = Exact<{
  id: string;
}>;


export type AcceptOfferMutation = { acceptOffer: { id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } } };

export type DeclineOfferMutationVariables = Exact<{
  id: string;
}>;


export type DeclineOfferMutation = { declineOffer: { id: string, slug: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, version: number, offerExpiresAt: string | null, submittedAt: string, updatedAt: string, outstandingPence: number, paymentDue: string | null, paymentInstructions: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, owed: Array<{ key: string, label: string, amountPence: number, paidPence: number, outstandingPence: number, paid: boolean, dueDate: string | null }>, viewerCan: { edit: boolean, withdraw: boolean, accept: boolean, decline: boolean } } };

export type CardPaymentsEnabledQueryVariables = Exact<{ [key: string]: never; }>;


export type CardPaymentsEnabledQuery = { cardPaymentsEnabled: boolean };

export type StartCardCheckoutMutationVariables = Exact<{
  applicationId: string;
  lineKeys: Array<string> | string;
}>;


export type StartCardCheckoutMutation = { startCardCheckout: { id: string, url: string } };

export type CardCheckoutQueryVariables = Exact<{
  id: string;
}>;


export type CardCheckoutQuery = { cardCheckout: { id: string, status: CardCheckoutStatus, amountPence: number, lines: Array<{ key: string, label: string, amountPence: number }> } };

export type DiversitySurveyQueryVariables = Exact<{
  eventSlug: string;
}>;


export type DiversitySurveyQuery = { diversitySurvey: { event: { id: string, slug: string, title: string, showName: string | null, revealAt: string | null }, questions: Array<{ key: string, label: string, options: Array<string> }>, applications: Array<{ id: string, applicationTypeLabel: string, diversityAnswered: boolean | null }> } };

export type SubmitDiversitySurveyMutationVariables = Exact<{
  applicationId: string;
  answers: unknown;
}>;


export type SubmitDiversitySurveyMutation = { submitDiversitySurvey: { id: string, diversityAnswered: boolean | null } };

export type CastingEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type CastingEventsQuery = { castingEvents: Array<{ id: string, slug: string, title: string, type: EventType, startDate: string, applicationCount: number }> };

export type CastingApplicationsQueryVariables = Exact<{
  eventSlug: string;
  filter?: CastingFilter | null | undefined;
  sort?: CastingSort | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CastingApplicationsQuery = { castingApplications: { totalCount: number, event: { id: string, slug: string, title: string, parts: Array<string>, applicationTypes: Array<{ key: string, label: string }> }, nodes: Array<{ id: string, slug: string, name: string, preferredName: string | null, pronouns: string | null, voicePart: string | null, applicationType: string, status: ApplicationStatus, part: string | null, averageScore: number | null, reviewCount: number, submittedAt: string, version: number }>, pageInfo: { hasNextPage: boolean, endCursor: string | null }, statusCounts: Array<{ key: string, count: number }>, typeCounts: Array<{ key: string, count: number }>, partCounts: Array<{ key: string, count: number }> } };

export type CastingApplicationQueryVariables = Exact<{
  eventSlug: string;
  slug: string;
  filter?: CastingFilter | null | undefined;
  sort?: CastingSort | null | undefined;
}>;


export type CastingApplicationQuery = { castingApplication: { id: string, slug: string, name: string, preferredName: string | null, pronouns: string | null, voicePart: string | null, applicationType: string, status: ApplicationStatus, part: string | null, averageScore: number | null, reviewCount: number, submittedAt: string, version: number, event: { id: string, slug: string, title: string, parts: Array<string>, applicationTypes: Array<{ key: string, label: string }> }, answers: Array<{ questionId: string, label: string, kind: QuestionKind | null, text: string, fileName: string | null, fileUrl: string | null }>, application: { id: string, applicant: { id: string, name: string, email: string, phone: string | null, preferredName: string | null, pronouns: string | null, voicePart: string | null, studentStatus: StudentStatus | null, institution: string | null, course: string | null, graduationYear: number | null, dietaryRequirements: string | null, accessNeeds: string | null, bio: string | null, instruments: Array<{ instrument: string, level: InstrumentLevel }> }, reviews: Array<{ id: string, reviewerName: string, score: number | null, note: string, updatedAt: string, mine: boolean }>, myReview: { id: string, score: number | null, note: string } | null, pastParticipation: Array<{ id: string, eventSlug: string, eventTitle: string, eventType: EventType, startDate: string, applicationType: string, status: ApplicationStatus, part: string | null }>, otherApplications: Array<{ id: string, slug: string, applicationType: string, status: ApplicationStatus, part: string | null }> } }, castingNeighbours: { previous: string | null, next: string | null, position: number | null, totalCount: number } };

export type SaveReviewMutationVariables = Exact<{
  applicationId: string;
  score?: number | null | undefined;
  note?: string | null | undefined;
}>;


export type SaveReviewMutation = { saveReview: { id: string, score: number | null, note: string, updatedAt: string } };

export type AssignPartMutationVariables = Exact<{
  applicationId: string;
  part?: string | null | undefined;
  expectedVersion: number;
}>;


export type AssignPartMutation = { assignPart: { id: string, slug: string, name: string, preferredName: string | null, pronouns: string | null, voicePart: string | null, applicationType: string, status: ApplicationStatus, part: string | null, averageScore: number | null, reviewCount: number, submittedAt: string, version: number } };

export type ApplicationChangedSubscriptionVariables = Exact<{
  eventSlug: string;
}>;


export type ApplicationChangedSubscription = { applicationChanged: { applicationId: string, status: ApplicationStatus, version: number, application: { id: string, slug: string, name: string, preferredName: string | null, pronouns: string | null, voicePart: string | null, applicationType: string, status: ApplicationStatus, part: string | null, averageScore: number | null, reviewCount: number, submittedAt: string, version: number } | null } };

export type CastingEventFieldsFragment = { id: string, slug: string, title: string, parts: Array<string>, applicationTypes: Array<{ key: string, label: string }> };

export type CastingApplicationFieldsFragment = { id: string, slug: string, name: string, preferredName: string | null, pronouns: string | null, voicePart: string | null, applicationType: string, status: ApplicationStatus, part: string | null, averageScore: number | null, reviewCount: number, submittedAt: string, version: number };

export type AuditionInfoQueryVariables = Exact<{
  slug: string;
}>;


export type AuditionInfoQuery = { event: { id: string, slug: string, type: EventType, title: string, showName: string | null, revealAt: string | null, startDate: string, endDate: string, signupDeadline: string | null, venue: string, auditionInfoHtml: string | null, openApplicationTypes: Array<{ key: string, label: string }>, applicationTypes: Array<{ key: string, label: string, open: boolean, auditionRequired: boolean }> } };

export type MyCalendarFeedQueryVariables = Exact<{ [key: string]: never; }>;


export type MyCalendarFeedQuery = { myCalendarFeed: string | null };

export type RenewCalendarFeedMutationVariables = Exact<{ [key: string]: never; }>;


export type RenewCalendarFeedMutation = { renewCalendarFeed: string };

export type EventMyApplicationsQueryVariables = Exact<{ [key: string]: never; }>;


export type EventMyApplicationsQuery = { myApplications: Array<{ id: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, event: { id: string, slug: string } }> };

export type EventPageQueryVariables = Exact<{
  slug: string;
}>;


export type EventPageQuery = { event: { id: string, slug: string, type: EventType, title: string, showName: string | null, revealAt: string | null, startDate: string, endDate: string, signupDeadline: string | null, summary: string, venue: string, descriptionHtml: string, auditionInfoHtml: string | null, ticketCallToAction: TicketCallToAction | null, myTicketStanding: TicketStanding | null, openApplicationTypes: Array<{ key: string, label: string }>, applicationTypes: Array<{ key: string, label: string, open: boolean, auditionRequired: boolean }>, audienceTypes: Array<{ key: string, title: string, contentHtml: string }>, myRehearsals: Array<{ date: string, label: string }> } };

export type EventQueryVariables = Exact<{
  slug: string;
}>;


export type EventQuery = { event: { id: string, slug: string, type: EventType, title: string, showName: string | null, startDate: string, endDate: string } };

export type HomeEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type HomeEventsQuery = { events: Array<{ id: string, slug: string, type: EventType, title: string, showName: string | null, revealAt: string | null, startDate: string, endDate: string, signupDeadline: string | null, summary: string, venue: string, ticketCallToAction: TicketCallToAction | null, myTicketStanding: TicketStanding | null }>, myApplications: Array<{ id: string, applicationType: string, applicationTypeLabel: string, status: ApplicationStatus, outstandingPence: number, paymentDue: string | null, event: { slug: string, title: string } }> };

export type ListingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListingsQuery = { listings: Array<{ id: string, slug: string, type: EventType, title: string, showName: string | null, revealAt: string | null, startDate: string, endDate: string, signupDeadline: string | null, summary: string, venue: string, openApplicationTypeKeys: Array<string>, ticketCallToAction: TicketCallToAction | null, myTicketStanding: TicketStanding | null }> };

export type ShowRevealedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type ShowRevealedSubscription = { showRevealed: { eventId: string, slug: string, showName: string, revealedAt: string } };

export type TicketCallToActionFieldsFragment = { slug: string, ticketCallToAction: TicketCallToAction | null, myTicketStanding: TicketStanding | null };

export type MoneyInRangeQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type MoneyInRangeQuery = { moneyInRange: { receivedPence: number, refundedPence: number, netPence: number, methods: Array<{ method: PaymentMethod, label: string, receivedPence: number, refundedPence: number, netPence: number }> } };

export type PayoutsCsvQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type PayoutsCsvQuery = { payoutsCsv: string };

export type MoneyReceivedCsvQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type MoneyReceivedCsvQuery = { moneyReceivedCsv: string };

export type ParticipantEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type ParticipantEventsQuery = { events: Array<{ id: string, slug: string, title: string }> };

export type AddEventParticipantsMutationVariables = Exact<{
  slug: string;
  eventSlug: string;
}>;


export type AddEventParticipantsMutation = { addEventParticipantsToList: { participants: number, added: number, alreadyOnList: number } };

export type MarkSubscriberBouncedMutationVariables = Exact<{
  slug: string;
  subscriberId: string;
}>;


export type MarkSubscriberBouncedMutation = { markMailingListSubscriberBounced: { id: string, status: SubscriberStatus } };

export type EraseSubscriberMutationVariables = Exact<{
  slug: string;
  subscriberId: string;
}>;


export type EraseSubscriberMutation = { eraseMailingListSubscriber: number };

export type MailingListsQueryVariables = Exact<{ [key: string]: never; }>;


export type MailingListsQuery = { mailingLists: Array<{ id: string, slug: string, name: string, description: string, isPublic: boolean, doubleOptIn: boolean, counts: { subscribed: number, unconfirmed: number, unsubscribed: number, bounced: number } }> };

export type MailingListQueryVariables = Exact<{
  slug: string;
}>;


export type MailingListQuery = { mailingList: { id: string, slug: string, name: string, description: string, isPublic: boolean, doubleOptIn: boolean, welcomeMessage: string, counts: { subscribed: number, unconfirmed: number, unsubscribed: number, bounced: number } }, mailingListMessages: Array<{ id: string, subject: string, status: MailingMessageStatus, total: number, queued: number, createdAt: string, sendAt: string | null, listCount: number }>, mailingLists: Array<{ id: string, slug: string, name: string }> };

export type MailingListNameFieldsFragment = { id: string, slug: string, name: string };

export type ListMessageFieldsFragment = { id: string, subject: string, status: MailingMessageStatus, total: number, queued: number, createdAt: string, sendAt: string | null, listCount: number };

export type MailingListSubscribersQueryVariables = Exact<{
  slug: string;
  search?: string | null | undefined;
  status?: SubscriberStatus | null | undefined;
  offset?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type MailingListSubscribersQuery = { mailingListSubscribers: { total: number, offset: number, items: Array<{ id: string, email: string, name: string, status: SubscriberStatus, source: SubscriberSource, createdAt: string }> } };

export type MailingListExportQueryVariables = Exact<{
  slug: string;
}>;


export type MailingListExportQuery = { mailingListExport: string };

export type MailingListPreviewQueryVariables = Exact<{
  markdown: string;
}>;


export type MailingListPreviewQuery = { mailingListPreview: string };

export type CreateMailingListMutationVariables = Exact<{
  input: MailingListInput;
}>;


export type CreateMailingListMutation = { createMailingList: { id: string, slug: string, name: string } };

export type UpdateMailingListMutationVariables = Exact<{
  slug: string;
  input: MailingListInput;
}>;


export type UpdateMailingListMutation = { updateMailingList: { id: string, slug: string, name: string, description: string, isPublic: boolean, doubleOptIn: boolean, welcomeMessage: string } };

export type AddMailingListSubscriberMutationVariables = Exact<{
  slug: string;
  email: string;
  name?: string | null | undefined;
}>;


export type AddMailingListSubscriberMutation = { addMailingListSubscriber: { id: string, email: string } };

export type ImportMailingListSubscribersMutationVariables = Exact<{
  slug: string;
  csv: string;
  dryRun: boolean;
}>;


export type ImportMailingListSubscribersMutation = { importMailingListSubscribers: { added: number, updated: number, unchanged: number, keptUnsubscribed: number, problems: Array<{ line: number, message: string }> } };

export type SendMailingListMessageMutationVariables = Exact<{
  slug: string;
  subject: string;
  markdown: string;
  alsoTo?: Array<string> | string | null | undefined;
  sendAt?: string | null | undefined;
}>;


export type SendMailingListMessageMutation = { sendMailingListMessage: { id: string, subject: string, status: MailingMessageStatus, total: number, queued: number, createdAt: string, sendAt: string | null, listCount: number } };

export type CancelMailingListMessageMutationVariables = Exact<{
  id: string;
}>;


export type CancelMailingListMessageMutation = { cancelMailingListMessage: { id: string, subject: string, status: MailingMessageStatus, total: number, queued: number, createdAt: string, sendAt: string | null, listCount: number } };

export type MailingListTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type MailingListTemplatesQuery = { mailingListTemplates: Array<{ id: string, name: string, subject: string, markdown: string }> };

export type MailingListTemplateFieldsFragment = { id: string, name: string, subject: string, markdown: string };

export type SaveMailingListTemplateMutationVariables = Exact<{
  name: string;
  subject: string;
  markdown: string;
}>;


export type SaveMailingListTemplateMutation = { saveMailingListTemplate: { id: string, name: string, subject: string, markdown: string } };

export type SendMailingListTestMutationVariables = Exact<{
  slug: string;
  subject: string;
  markdown: string;
}>;


export type SendMailingListTestMutation = { sendMailingListTest: string };

export type SubscriberCountsFieldsFragment = { subscribed: number, unconfirmed: number, unsubscribed: number, bounced: number };

export type NavItemsQueryQueryVariables = Exact<{ [key: string]: never; }>;


export type NavItemsQueryQuery = { myApplications: Array<{ id: string, applicationType: string, status: ApplicationStatus, updatedAt: string, event: { slug: string, type: EventType, title: string, showName: string | null, startDate: string, endDate: string, signupDeadline: string | null, eventConfig: { paymentLines: unknown, permissions: { releaseParticipantInfoPack: boolean, releaseFinalParticipantInfo: boolean, releaseCastList: boolean } } } }> };

export type NavigationChangedSubscriptionSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type NavigationChangedSubscriptionSubscription = { myNavigationChanged: { reason: NavigationChangeReason, eventSlug: string } };

export type LearningTracksQueryQueryVariables = Exact<{
  eventSlug: string;
}>;


export type LearningTracksQueryQuery = { learningTracks: { eventId: string, eventSlug: string, eventTitle: string, parts: Array<string>, myPart: string | null, numbers: Array<{ id: string, position: number, label: string, title: string }>, tracks: Array<{ id: string, numberId: string, part: string | null, fileName: string, contentType: string, size: number, url: string }> } };

export type AddLearningTrackMutationMutationVariables = Exact<{
  eventSlug: string;
  numberId: string;
  part?: string | null | undefined;
  fileKey: string;
  fileName?: string | null | undefined;
}>;


export type AddLearningTrackMutationMutation = { addLearningTrack: { id: string, numberId: string, part: string | null, fileName: string, contentType: string, size: number, url: string } };

export type RemoveLearningTrackMutationMutationVariables = Exact<{
  id: string;
}>;


export type RemoveLearningTrackMutationMutation = { removeLearningTrack: boolean };

export type LearningTrackFieldsFragment = { id: string, numberId: string, part: string | null, fileName: string, contentType: string, size: number, url: string };

export type OperationsOverviewQueryVariables = Exact<{
  eventSlug: string;
}>;


export type OperationsOverviewQuery = { operationsOverview: { eventSlug: string, eventTitle: string, eventType: EventType, parts: Array<string>, types: Array<{ key: string, label: string }>, participants: Array<{ id: string, userId: string, name: string, email: string, applicationType: string, typeLabel: string, part: string | null, status: ApplicationStatus, owedPence: number, paidPence: number, outstandingPence: number, overdue: boolean, dietary: string, access: string }>, moneyByType: Array<{ key: string, label: string, owedPence: number, paidPence: number, outstandingPence: number }>, moneyByLine: Array<{ applicationType: string, typeLabel: string, key: string, label: string, dueDate: string | null, owedPence: number, paidPence: number, outstandingPence: number, overdueCount: number }>, moneyByMethod: { receivedPence: number, refundedPence: number, netPence: number, methods: Array<{ method: PaymentMethod, label: string, receivedPence: number, refundedPence: number, netPence: number }> } } };

export type OperationsCsvQueryVariables = Exact<{
  eventSlug: string;
  tab: OperationsTab;
  status?: ApplicationStatus | null | undefined;
  part?: string | null | undefined;
  type?: string | null | undefined;
  search?: string | null | undefined;
  sort?: ParticipantSortKey | null | undefined;
  descending?: boolean | null | undefined;
}>;


export type OperationsCsvQuery = { operationsCsv: string };

export type NeedToKnowQueryVariables = Exact<{
  eventSlug: string;
}>;


export type NeedToKnowQuery = { needToKnow: { eventTitle: string, hiddenAt: string, rows: Array<{ id: string, name: string, typeLabel: string, part: string | null, phone: string, contactName: string, contactPhone: string, contactRelationship: string, dietary: string, access: string }> } };

export type AttendanceRegisterQueryVariables = Exact<{
  eventSlug: string;
  date?: string | null | undefined;
}>;


export type AttendanceRegisterQuery = { attendanceRegister: { eventSlug: string, dates: Array<{ date: string, kind: ScheduleKind, label: string }>, date: { date: string, kind: ScheduleKind, label: string } | null, lines: Array<{ userId: string, name: string, typeLabel: string, part: string | null, mark: AttendanceMark | null }> } };

export type MarkAttendanceMutationVariables = Exact<{
  eventSlug: string;
  date: string;
  userId: string;
  mark: AttendanceMark;
}>;


export type MarkAttendanceMutation = { markAttendance: AttendanceMark | null };

export type ChasePreviewQueryVariables = Exact<{
  eventSlug: string;
}>;


export type ChasePreviewQuery = { chasePreview: { subject: string, text: string, recipients: Array<{ userId: string, name: string, email: string, outstandingPence: number, nextChaseAt: string, canChaseNow: boolean }> } };

export type SendChaseMutationVariables = Exact<{
  eventSlug: string;
}>;


export type SendChaseMutation = { sendChase: Array<{ userId: string }> };

export type OperationsEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type OperationsEventsQuery = { acceptanceEvents: Array<{ id: string, slug: string, title: string, startDate: string, counts: { submitted: number, offered: number, confirmed: number, paid: number } }> };

export type MessagePreviewQueryVariables = Exact<{
  eventSlug: string;
  filter: ParticipantFilterInput;
  subject: string;
  body: string;
}>;


export type MessagePreviewQuery = { messagePreview: { subject: string, text: string, html: string, recipients: Array<{ userId: string, name: string, email: string }> } };

export type SendParticipantMessageMutationVariables = Exact<{
  eventSlug: string;
  filter: ParticipantFilterInput;
  subject: string;
  body: string;
}>;


export type SendParticipantMessageMutation = { sendParticipantMessage: Array<{ userId: string }> };

export type InfoPackQueryVariables = Exact<{
  eventSlug: string;
  applicationType?: string | null | undefined;
  preview?: ParticipantPreviewInput | null | undefined;
}>;


export type InfoPackQuery = { participantInfoPack: { eventSlug: string, eventTitle: string, applicationType: string | null, applicationTypeLabel: string | null, html: string | null, attachments: Array<{ id: string, title: string, fileName: string, contentType: string, size: number, url: string }> } };

export type VenueAccessQueryVariables = Exact<{
  eventSlug: string;
  preview?: ParticipantPreviewInput | null | undefined;
}>;


export type VenueAccessQuery = { venueAccess: { eventSlug: string, eventTitle: string, venue: string, mapUrl: string | null, html: string | null, startDate: string, endDate: string } };

export type CastListQueryVariables = Exact<{
  eventSlug: string;
  preview?: ParticipantPreviewInput | null | undefined;
}>;


export type CastListQuery = { castList: { eventSlug: string, eventTitle: string, parts: Array<string>, members: Array<{ part: string | null, name: string, pronouns: string | null }> } };

export type PartBreakdownQueryVariables = Exact<{
  eventSlug: string;
  preview?: ParticipantPreviewInput | null | undefined;
}>;


export type PartBreakdownQuery = { partBreakdown: { eventSlug: string, eventTitle: string, parts: Array<string>, ownPart: string | null, numbers: Array<{ id: string, position: number, label: string, title: string }>, cells: Array<{ numberId: string, part: string, note: string }> } };

export type SocialLinksQueryVariables = Exact<{
  eventSlug: string;
  preview?: ParticipantPreviewInput | null | undefined;
}>;


export type SocialLinksQuery = { socialLinks: { eventSlug: string, eventTitle: string, html: string | null } };

export type TicketSalesInfoQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketSalesInfoQuery = { ticketSalesInfo: { eventSlug: string, eventTitle: string, html: string | null } };

export type CancellationsInfoQueryVariables = Exact<{
  eventSlug: string;
}>;


export type CancellationsInfoQuery = { cancellationsInfo: { eventSlug: string, eventTitle: string, html: string | null } };

export type SocialListQueryVariables = Exact<{ [key: string]: never; }>;


export type SocialListQuery = { socialList: { signedIn: boolean, optIn: boolean | null, events: Array<{ slug: string, title: string, venue: string, startDate: string, endDate: string }>, going: Array<{ eventSlug: string, name: string, pronouns: string | null }> } };

export type SetSocialListOptInMutationVariables = Exact<{
  optIn: boolean;
}>;


export type SetSocialListOptInMutation = { setSocialListOptIn: boolean };

export type SandboxSidebarQueryVariables = Exact<{
  eventSlug: string;
  applicationType: string;
  status: ApplicationStatus;
}>;


export type SandboxSidebarQuery = { sandboxSidebar: Array<{ section: number, sectionTitle: string | null, key: string, label: string, to: string }> };

export type SandboxEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type SandboxEventsQuery = { adminEvents: Array<{ id: string, slug: string, title: string, type: EventType, eventConfig: unknown }> };

export type AdminBreakdownEventQueryVariables = Exact<{
  eventSlug: string;
}>;


export type AdminBreakdownEventQuery = { adminEvent: { id: string, slug: string, title: string, eventConfig: unknown }, partBreakdown: { eventSlug: string, eventTitle: string, parts: Array<string>, ownPart: string | null, numbers: Array<{ id: string, position: number, label: string, title: string }>, cells: Array<{ numberId: string, part: string, note: string }> }, eventAttachments: Array<{ id: string, applicationType: string | null, title: string, fileName: string, contentType: string, size: number, url: string }> };

export type SetEventNumbersMutationVariables = Exact<{
  eventSlug: string;
  numbers: Array<EventNumberInput> | EventNumberInput;
}>;


export type SetEventNumbersMutation = { setEventNumbers: { eventSlug: string } };

export type SetPartBreakdownCellMutationVariables = Exact<{
  eventSlug: string;
  numberId: string;
  part: string;
  note: string;
}>;


export type SetPartBreakdownCellMutation = { setPartBreakdownCell: { eventSlug: string } };

export type ImportPartBreakdownCsvMutationVariables = Exact<{
  eventSlug: string;
  csv: string;
}>;


export type ImportPartBreakdownCsvMutation = { importPartBreakdownCsv: { eventSlug: string } };

export type AddEventAttachmentMutationVariables = Exact<{
  eventSlug: string;
  applicationType?: string | null | undefined;
  title: string;
  fileKey: string;
}>;


export type AddEventAttachmentMutation = { addEventAttachment: { id: string } };

export type RemoveEventAttachmentMutationVariables = Exact<{
  id: string;
}>;


export type RemoveEventAttachmentMutation = { removeEventAttachment: boolean };

export type PartBreakdownFieldsFragment = { eventSlug: string, eventTitle: string, parts: Array<string>, ownPart: string | null, numbers: Array<{ id: string, position: number, label: string, title: string }>, cells: Array<{ numberId: string, part: string, note: string }> };

export type EventContentPageFieldsFragment = { eventSlug: string, eventTitle: string, html: string | null };

export type AccountChangedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type AccountChangedSubscription = { myAccountChanged: AccountChangeReason };

export type ClaimFirstAdminMutationVariables = Exact<{
  token: string;
}>;


export type ClaimFirstAdminMutation = { claimFirstAdmin: { id: string, roles: Array<Role> } };

export type CommitteeQueryVariables = Exact<{ [key: string]: never; }>;


export type CommitteeQuery = { committee: Array<{ role: Role, startsAt: string | null, endsAt: string | null, user: { id: string, name: string, email: string } }> };

export type GrantCommitteeRoleMutationVariables = Exact<{
  email: string;
  role: Role;
  endsAt?: string | null | undefined;
}>;


export type GrantCommitteeRoleMutation = { grantCommitteeRole: { id: string, roles: Array<Role> } };

export type RevokeCommitteeRoleMutationVariables = Exact<{
  userId: string;
  role: Role;
}>;


export type RevokeCommitteeRoleMutation = { revokeRole: { id: string, roles: Array<Role> } };

export type HandOverRoleMutationVariables = Exact<{
  role: Role;
  fromUserId: string;
  toEmail: string;
}>;


export type HandOverRoleMutation = { handOverRole: { id: string, roles: Array<Role> } };

export type MemberRecordsQueryVariables = Exact<{
  filter?: MemberRecordFilter | null | undefined;
  offset?: number | null | undefined;
  limit?: number | null | undefined;
}>;


export type MemberRecordsQuery = { memberRecords: { total: number, offset: number, items: Array<{ id: string, slug: string, name: string, email: string, preferredName: string | null, voicePart: string | null, instruments: string, roles: Array<Role>, joinedAt: string }> } };

export type MemberRecordEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type MemberRecordEventsQuery = { events: Array<{ id: string, slug: string, title: string }> };

export type MemberRecordsCsvQueryVariables = Exact<{
  filter?: MemberRecordFilter | null | undefined;
}>;


export type MemberRecordsCsvQuery = { memberRecordsCsv: string };

export type MemberRecordQueryVariables = Exact<{
  slug: string;
}>;


export type MemberRecordQuery = { memberRecord: { id: string, pronouns: string | null, phone: string | null, dietaryRequirements: string | null, accessNeeds: string | null, emergencyContact: string | null, bio: string | null, member: { id: string, slug: string, name: string, email: string, preferredName: string | null, voicePart: string | null, instruments: string, roles: Array<Role>, joinedAt: string }, applications: Array<{ id: string, eventTitle: string, eventSlug: string, applicationType: string, status: ApplicationStatus, submittedAt: string, paidPence: number }>, payments: Array<{ id: string, applicationId: string, lineKey: string, amountPence: number, method: PaymentMethod, recordedAt: string }>, ticketOrders: Array<{ id: string, eventTitle: string, quantity: number, amountPence: number, status: TicketOrderStatus, reference: string, createdAt: string }>, subscriptions: Array<{ id: string, listName: string, listSlug: string, status: SubscriberStatus, email: string }>, roleTerms: Array<{ id: string, role: Role, startsAt: string, endsAt: string | null }>, audit: Array<{ id: string, action: AuditAction, actorId: string | null, before: unknown, after: unknown, createdAt: string }> } };

export type UpdateMemberProfileMutationVariables = Exact<{
  slug: string;
  input: StaffProfileEditInput;
}>;


export type UpdateMemberProfileMutation = { updateMemberProfile: { id: string, slug: string, name: string, preferredName: string | null, voicePart: string | null } };

export type InactiveProfilesQueryVariables = Exact<{ [key: string]: never; }>;


export type InactiveProfilesQuery = { retentionYears: number, inactiveProfiles: Array<{ id: string, name: string, email: string, slug: string | null, lastActiveAt: string }> };

export type MemberRecordFieldsFragment = { id: string, slug: string, name: string, email: string, preferredName: string | null, voicePart: string | null, instruments: string, roles: Array<Role>, joinedAt: string };

export type MyProfileQueryVariables = Exact<{ [key: string]: never; }>;


export type MyProfileQuery = { myProfile: { id: string, email: string, slug: string | null, preferredName: string, pronouns: string, phone: string, voicePart: string, dietaryRequirements: string, accessNeeds: string, bio: string, socialListOptIn: boolean, photoUrl: string | null, emergencyContact: { name: string, phone: string, relationship: string } | null, instruments: Array<{ instrument: string, level: InstrumentLevel }>, emailPreferences: { eventAnnouncements: boolean, reminders: boolean } } };

export type UpdateMyProfileMutationVariables = Exact<{
  input: ProfileInput;
}>;


export type UpdateMyProfileMutation = { updateMyProfile: { id: string, preferredName: string, pronouns: string, phone: string, voicePart: string, dietaryRequirements: string, accessNeeds: string, bio: string, socialListOptIn: boolean, photoUrl: string | null, emergencyContact: { name: string, phone: string, relationship: string } | null, instruments: Array<{ instrument: string, level: InstrumentLevel }>, emailPreferences: { eventAnnouncements: boolean, reminders: boolean } } };

export type RemoveProfilePhotoMutationVariables = Exact<{ [key: string]: never; }>;


export type RemoveProfilePhotoMutation = { removeProfilePhoto: { id: string, photoUrl: string | null } };

export type DeleteMyAccountMutationVariables = Exact<{
  confirmEmail: string;
}>;


export type DeleteMyAccountMutation = { deleteMyAccount: boolean };

export type MyMailingListsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyMailingListsQuery = { myMailingLists: Array<{ slug: string, name: string, description: string, subscribed: boolean }> };

export type SetMyMailingListMutationVariables = Exact<{
  slug: string;
  subscribed: boolean;
}>;


export type SetMyMailingListMutation = { setMyMailingList: Array<{ slug: string, name: string, description: string, subscribed: boolean }> };

export type MySubscriptionFieldsFragment = { slug: string, name: string, description: string, subscribed: boolean };

export type PushSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type PushSettingsQuery = { pushPublicKey: string | null, myProfile: { id: string, pushPreferences: { offers: boolean, releases: boolean, showReveals: boolean, ticketOffers: boolean } } };

export type PushSubscriptionActiveQueryVariables = Exact<{
  endpoint: string;
}>;


export type PushSubscriptionActiveQuery = { pushSubscriptionActive: boolean };

export type SubscribeToPushMutationVariables = Exact<{
  input: PushSubscriptionInput;
}>;


export type SubscribeToPushMutation = { subscribeToPush: boolean };

export type UnsubscribeFromPushMutationVariables = Exact<{
  endpoint: string;
}>;


export type UnsubscribeFromPushMutation = { unsubscribeFromPush: boolean };

export type UpdatePushPreferencesMutationVariables = Exact<{
  input: PushPreferencesInput;
}>;


export type UpdatePushPreferencesMutation = { updatePushPreferences: { id: string, pushPreferences: { offers: boolean, releases: boolean, showReveals: boolean, ticketOffers: boolean } } };

export type PushPreferencesFieldsFragment = { offers: boolean, releases: boolean, showReveals: boolean, ticketOffers: boolean };

export type SocietySettingsFieldsFragment = { name: string, shortName: string, logoUrl: string, accentColour: string, supportEmail: string, timeZone: string, accountName: string, sortCode: string, accountNumber: string, referenceFormat: string };

export type SocietySettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type SocietySettingsQuery = { societySettings: { name: string, shortName: string, logoUrl: string, accentColour: string, supportEmail: string, timeZone: string, accountName: string, sortCode: string, accountNumber: string, referenceFormat: string } };

export type UpdateSocietySettingsMutationVariables = Exact<{
  input: SocietySettingsInput;
}>;


export type UpdateSocietySettingsMutation = { updateSocietySettings: { name: string, shortName: string, logoUrl: string, accentColour: string, supportEmail: string, timeZone: string, accountName: string, sortCode: string, accountNumber: string, referenceFormat: string } };

export type BoxOfficeQueryVariables = Exact<{
  eventSlug: string;
}>;


export type BoxOfficeQuery = { boxOffice: { eventSlug: string, capacityLeft: number, types: Array<{ id: string, name: string, pricePence: number, left: number, sellable: boolean, notes: Array<string> }> } };

export type SellAtBoxOfficeMutationVariables = Exact<{
  eventSlug: string;
  lines: Array<BasketLineInput> | BasketLineInput;
  method: DoorPaymentMethod;
  buyerName?: string | null | undefined;
  email?: string | null | undefined;
  checkIn?: boolean | null | undefined;
}>;


export type SellAtBoxOfficeMutation = { sellAtBoxOffice: { orderId: string, reference: string, orderToken: string, amountPence: number, method: DoorPaymentMethod, what: string, checkedIn: boolean, emailedTo: string | null, tickets: Array<{ id: string, attendeeName: string, typeName: string, status: TicketStatus }> } };

export type DoorCountChangedSubscriptionVariables = Exact<{
  eventSlug: string;
}>;


export type DoorCountChangedSubscription = { doorCountChanged: { eventSlug: string, checkedIn: number, total: number } };

export type DoorListQueryVariables = Exact<{
  eventSlug: string;
}>;


export type DoorListQuery = { doorList: { eventSlug: string, downloadedAt: string, entries: Array<{ hash: string, attendeeName: string, typeName: string, checkedInAt: string | null, collectPence: number }> } };

export type SyncCheckInsMutationVariables = Exact<{
  eventSlug: string;
  scans: Array<OfflineScanInput> | OfflineScanInput;
}>;


export type SyncCheckInsMutation = { syncCheckIns: Array<{ code: string, at: string, conflict: boolean, payment: DoorPaymentMethod | null, result: { kind: TicketScanKind, verdict: DoorVerdict, headline: string, moneyLine: string | null, at: string | null, attendeeName: string | null, typeName: string | null, collectPence: number | null, orderOwedPence: number | null, paidPence: number | null, seat: string | null } }> };

export type DoorSummaryQueryVariables = Exact<{
  eventSlug: string;
  name?: string | null | undefined;
}>;


export type DoorSummaryQuery = { doorSummary: { eventSlug: string, eventTitle: string, checkedIn: number, total: number, matches: Array<{ ticketId: string, attendeeName: string, buyerName: string, typeName: string, status: TicketStatus, checkedInAt: string | null, collectPence: number }> } };

export type MyTicketCountQueryVariables = Exact<{ [key: string]: never; }>;


export type MyTicketCountQuery = { myTickets: Array<{ id: string, eventSlug: string }> };

export type TicketOrderPageQueryVariables = Exact<{
  token: string;
}>;


export type TicketOrderPageQuery = { ticketOrder: { id: string, reference: string, status: TicketOrderStatus, payment: TicketPayment, buyerName: string, email: string, soldPence: number, paidPence: number, outstandingPence: number, discountPence: number, voucherCode: string | null, receiptUrl: string | null, event: { id: string, slug: string, title: string, startDate: string, endDate: string, venue: string }, bankTransfer: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } | null, tickets: Array<{ id: string, attendeeName: string, typeName: string, seat: string | null, status: TicketStatus, passedOn: boolean, ticket: { id: string, code: string, status: TicketStatus, attendeeName: string, seat: string | null, checkedInAt: string | null, eventSlug: string, eventTitle: string, eventStart: string, typeName: string, typeInfo: string, orderStatus: TicketOrderStatus, reference: string, owedPence: number, payBy: string | null, receiptUrl: string | null, viewerCan: { cancel: boolean, transfer: boolean } } | null }> } };

export type TicketOrderCardPaymentQueryVariables = Exact<{
  token: string;
}>;


export type TicketOrderCardPaymentQuery = { ticketOrderCardPayment: CardCheckoutStatus | null };

export type TicketSeatingQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketSeatingQuery = { ticketSeating: { eventSlug: string, mode: SeatingMode, tableSize: number | null, tickets: Array<{ id: string, attendeeName: string, holderEmail: string, status: TicketStatus, typeName: string, orderId: string, orderReference: string, buyerName: string, groupName: string | null, seat: string | null, seatText: string | null }> } };

export type AssignSeatMutationVariables = Exact<{
  ticketId: string;
  seat?: string | null | undefined;
}>;


export type AssignSeatMutation = { assignSeat: { id: string, seat: string | null, seatText: string | null } };

export type AutoSeatTablesMutationVariables = Exact<{
  eventSlug: string;
  tableSize: number;
}>;


export type AutoSeatTablesMutation = { autoSeatTables: { seated: number, tables: number } };

export type SetTicketSeatingMutationVariables = Exact<{
  eventSlug: string;
  mode: SeatingMode;
  tableSize?: number | null | undefined;
}>;


export type SetTicketSeatingMutation = { setTicketSeating: { eventSlug: string, mode: SeatingMode, tableSize: number | null } };

export type TicketByCodeQueryVariables = Exact<{
  code: string;
}>;


export type TicketByCodeQuery = { ticketByCode: { id: string, code: string, status: TicketStatus, attendeeName: string, seat: string | null, checkedInAt: string | null, eventSlug: string, eventTitle: string, eventStart: string, typeName: string, typeInfo: string, orderStatus: TicketOrderStatus, reference: string, owedPence: number, payBy: string | null, receiptUrl: string | null, viewerCan: { cancel: boolean, transfer: boolean } } | null };

export type TransferTicketMutationVariables = Exact<{
  code: string;
  toName: string;
  toEmail: string;
}>;


export type TransferTicketMutation = { transferTicket: string };

export type CancelTicketMutationVariables = Exact<{
  code: string;
}>;


export type CancelTicketMutation = { cancelTicket: number };

export type HeldTicketOrderQueryVariables = Exact<{
  claimToken: string;
}>;


export type HeldTicketOrderQuery = { heldTicketOrder: { claimToken: string, eventSlug: string, eventTitle: string, typeName: string, quantity: number, amountPence: number, email: string, name: string, heldUntil: string, fromWaitlist: boolean } | null };

export type ConfirmTicketOrderMutationVariables = Exact<{
  claimToken: string;
  buyerName: string;
  attendeeNames: Array<string> | string;
  payment: TicketPayment;
}>;


export type ConfirmTicketOrderMutation = { confirmTicketOrder: { orderId: string, orderToken: string | null, reference: string, status: TicketOrderStatus, confirmBy: string | null, tickets: number } };

export type EmailedTicketOrderQueryVariables = Exact<{
  token: string;
}>;


export type EmailedTicketOrderQuery = { emailedTicketOrder: { state: EmailedOrderState, eventTitle: string | null, typeName: string | null, quantity: number | null, amountPence: number | null, email: string | null, confirmBy: string | null } };

export type ConfirmEmailedTicketOrderMutationVariables = Exact<{
  token: string;
}>;


export type ConfirmEmailedTicketOrderMutation = { confirmEmailedTicketOrder: { orderId: string, orderToken: string | null, reference: string, status: TicketOrderStatus, tickets: number } };

export type TicketSetupQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketSetupQuery = { ticketAllocation: { eventSlug: string, eventTitle: string, capacity: number, capacityLeft: number, published: boolean, types: Array<{ id: string, name: string, pricePence: number, quota: number, taken: number, perPersonLimit: number, audience: TicketAudience, mode: TicketMode, info: string, onSale: boolean, saleStartsAt: string | null, saleEndsAt: string | null, hidden: boolean }> } };

export type SetUpTicketSaleMutationVariables = Exact<{
  eventSlug: string;
  input: TicketSaleInput;
}>;


export type SetUpTicketSaleMutation = { setUpTicketSale: { eventSlug: string, capacity: number, published: boolean } };

export type UpdateTicketTypeMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
  input: TicketTypeInput;
}>;


export type UpdateTicketTypeMutation = { updateTicketType: { eventSlug: string } };

export type RemoveTicketTypeMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
}>;


export type RemoveTicketTypeMutation = { removeTicketType: { eventSlug: string } };

export type CloseTicketTypeSaleMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
}>;


export type CloseTicketTypeSaleMutation = { closeTicketTypeSale: { eventSlug: string } };

export type TicketVouchersQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketVouchersQuery = { ticketVouchers: Array<{ id: string, code: string, description: string, typeIds: Array<string>, uses: number, maxUses: number | null, expiresAt: string | null, disabled: boolean }> };

export type CreateTicketVoucherMutationVariables = Exact<{
  eventSlug: string;
  input: TicketVoucherInput;
}>;


export type CreateTicketVoucherMutation = { createTicketVoucher: { id: string, code: string } };

export type DisableTicketVoucherMutationVariables = Exact<{
  eventSlug: string;
  voucherId: string;
}>;


export type DisableTicketVoucherMutation = { disableTicketVoucher: { id: string, disabled: boolean } };

export type TicketShopQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketShopQuery = { ticketShop: { eventSlug: string, eventTitle: string, capacityLeft: number, event: { id: string, startDate: string, endDate: string, venue: string }, types: Array<{ id: string, name: string, info: string, pricePence: number, left: number, perPersonLimit: number, audience: TicketAudience, mode: TicketMode, onSale: boolean, saleEndsAt: string | null, drawnAt: string | null, waitlistLength: number, myTicketCount: number, myWaitlistPosition: number | null, myRequest: { id: string, quantity: number, groupName: string | null, groupCode: string | null, outcome: BallotOutcome } | null }> } };

export type ShopTicketTypeFieldsFragment = { id: string, name: string, info: string, pricePence: number, left: number, perPersonLimit: number, audience: TicketAudience, mode: TicketMode, onSale: boolean, saleEndsAt: string | null, drawnAt: string | null, waitlistLength: number, myTicketCount: number, myWaitlistPosition: number | null, myRequest: { id: string, quantity: number, groupName: string | null, groupCode: string | null, outcome: BallotOutcome } | null };

export type RequestBallotTicketsMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
  quantity: number;
  groupCode?: string | null | undefined;
  newGroupName?: string | null | undefined;
}>;


export type RequestBallotTicketsMutation = { requestBallotTickets: { id: string, quantity: number, groupName: string | null, groupCode: string | null, outcome: BallotOutcome } };

export type JoinTicketWaitlistMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
  quantity: number;
}>;


export type JoinTicketWaitlistMutation = { joinTicketWaitlist: number };

export type MyTicketsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyTicketsQuery = { myTickets: Array<{ id: string, code: string, status: TicketStatus, attendeeName: string, seat: string | null, checkedInAt: string | null, eventSlug: string, eventTitle: string, eventStart: string, typeName: string, typeInfo: string, orderStatus: TicketOrderStatus, reference: string, owedPence: number, payBy: string | null, receiptUrl: string | null, viewerCan: { cancel: boolean, transfer: boolean } }> };

export type DoorScanFieldsFragment = { kind: TicketScanKind, verdict: DoorVerdict, headline: string, moneyLine: string | null, at: string | null, attendeeName: string | null, typeName: string | null, collectPence: number | null, orderOwedPence: number | null, paidPence: number | null, seat: string | null };

export type CheckInTicketMutationVariables = Exact<{
  eventSlug: string;
  code?: string | null | undefined;
  ticketId?: string | null | undefined;
}>;


export type CheckInTicketMutation = { checkInTicket: { kind: TicketScanKind, verdict: DoorVerdict, headline: string, moneyLine: string | null, at: string | null, attendeeName: string | null, typeName: string | null, collectPence: number | null, orderOwedPence: number | null, paidPence: number | null, seat: string | null } };

export type PayAtDoorMutationVariables = Exact<{
  eventSlug: string;
  code?: string | null | undefined;
  ticketId?: string | null | undefined;
  method: DoorPaymentMethod;
}>;


export type PayAtDoorMutation = { payAtDoor: { kind: TicketScanKind, verdict: DoorVerdict, headline: string, moneyLine: string | null, at: string | null, attendeeName: string | null, typeName: string | null, collectPence: number | null, orderOwedPence: number | null, paidPence: number | null, seat: string | null } };

export type TicketStatsQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketStatsQuery = { ticketStats: { eventSlug: string, eventTitle: string, types: Array<{ name: string, quota: number, sold: number, held: number, checkedIn: number, money: { soldPence: number, paidPence: number, outstandingPence: number } }>, total: { soldPence: number, paidPence: number, outstandingPence: number }, byMethod: { receivedPence: number, refundedPence: number, netPence: number, methods: Array<{ method: PaymentMethod, label: string, receivedPence: number, refundedPence: number, netPence: number }> }, salesByDay: Array<{ day: string, tickets: number, cumulative: number }>, ballots: Array<{ typeName: string, supply: number, requested: number, participants: string, others: string }>, orders: Array<{ id: string, createdAt: string, buyerName: string, email: string, typeName: string, quantity: number, amountPence: number, paidPence: number, outstandingPence: number, status: TicketOrderStatus, reference: string }> } };

export type TicketAllocationQueryVariables = Exact<{
  eventSlug: string;
}>;


export type TicketAllocationQuery = { ticketAllocation: { eventSlug: string, eventTitle: string, capacity: number, capacityLeft: number, published: boolean, types: Array<{ id: string, name: string, mode: TicketMode, quota: number, taken: number, left: number, drawnAt: string | null, ballotSeed: string | null, waitlistLength: number }>, requests: Array<{ ticketTypeId: string, request: { id: string, name: string, email: string, quantity: number, groupName: string | null, groupCode: string | null, priority: number, outcome: BallotOutcome, drawPosition: number | null } }>, orders: Array<{ id: string, buyerName: string, email: string, typeName: string, quantity: number, amountPence: number, discountPence: number, voucherCode: string | null, paidPence: number, outstandingPence: number, status: TicketOrderStatus, source: TicketOrderSource, reference: string, payBy: string | null, cardRefundablePence: number, payments: Array<{ id: string, amountPence: number, method: PaymentMethod, recordedAt: string }> }> } };

export type RunBallotDrawMutationVariables = Exact<{
  eventSlug: string;
  ticketTypeId: string;
  seed?: string | null | undefined;
}>;


export type RunBallotDrawMutation = { runBallotDraw: { seed: string, allocated: number, winners: number, waitlisted: number } };

export type RecordTicketPaymentMutationVariables = Exact<{
  orderId: string;
  amountPence: number;
  method: PaymentMethod;
  reference?: string | null | undefined;
}>;


export type RecordTicketPaymentMutation = { recordTicketPayment: { id: string, status: TicketOrderStatus, paidPence: number } };

export type HeldTicketOrderFieldsFragment = { claimToken: string, typeName: string, quantity: number, amountPence: number, email: string, name: string, heldUntil: string, reference: string, payByCard: boolean, lines: Array<{ ticketTypeId: string, typeName: string, quantity: number, unitPricePence: number }>, bankTransfer: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } };

export type StartTicketCardCheckoutMutationVariables = Exact<{
  claimToken: string;
  buyerName: string;
  attendeeNames: Array<string> | string;
}>;


export type StartTicketCardCheckoutMutation = { startTicketCardCheckout: { id: string, url: string } };

export type RefundTicketOrderByCardMutationVariables = Exact<{
  orderId: string;
  amountPence: number;
  cancelOrder: boolean;
}>;


export type RefundTicketOrderByCardMutation = { refundTicketOrderByCard: { id: string, status: TicketOrderStatus, paidPence: number, cardRefundablePence: number } };

export type HoldTicketsMutationVariables = Exact<{
  eventSlug: string;
  lines: Array<BasketLineInput> | BasketLineInput;
  email: string;
  previousClaimToken?: string | null | undefined;
  voucherCode?: string | null | undefined;
}>;


export type HoldTicketsMutation = { holdTickets: { claimToken: string, typeName: string, quantity: number, amountPence: number, email: string, name: string, heldUntil: string, reference: string, payByCard: boolean, lines: Array<{ ticketTypeId: string, typeName: string, quantity: number, unitPricePence: number }>, bankTransfer: { method: HowToPayMethod, summary: string, reference: string, accountName: string | null, sortCode: string | null, accountNumber: string | null, note: string | null } } };

export type ReleaseHeldTicketOrderMutationVariables = Exact<{
  claimToken: string;
}>;


export type ReleaseHeldTicketOrderMutation = { releaseHeldTicketOrder: boolean };

export type BallotRequestFieldsFragment = { id: string, quantity: number, groupName: string | null, groupCode: string | null, outcome: BallotOutcome };

export type MyTicketFieldsFragment = { id: string, code: string, status: TicketStatus, attendeeName: string, seat: string | null, checkedInAt: string | null, eventSlug: string, eventTitle: string, eventStart: string, typeName: string, typeInfo: string, orderStatus: TicketOrderStatus, reference: string, owedPence: number, payBy: string | null, receiptUrl: string | null, viewerCan: { cancel: boolean, transfer: boolean } };

export type TicketMoneyFieldsFragment = { soldPence: number, paidPence: number, outstandingPence: number };

export type CheckTicketVoucherQueryVariables = Exact<{
  eventSlug: string;
  code: string;
  lines: Array<BasketLineInput> | BasketLineInput;
}>;


export type CheckTicketVoucherQuery = { checkTicketVoucher: { code: string, kind: TicketVoucherKind | null, amount: number, typeIds: Array<string>, valid: boolean, reason: string | null, description: string, unlockedTypes: Array<{ id: string, name: string, info: string, pricePence: number, left: number, perPersonLimit: number, audience: TicketAudience, mode: TicketMode, onSale: boolean, saleEndsAt: string | null, drawnAt: string | null, waitlistLength: number, myTicketCount: number, myWaitlistPosition: number | null, myRequest: { id: string, quantity: number, groupName: string | null, groupCode: string | null, outcome: BallotOutcome } | null }> } };

export type EventChoiceFieldsFragment = { id: string, slug: string, title: string };

export type ApplicationTypeChoiceFieldsFragment = { key: string, label: string, open: boolean, auditionRequired: boolean };

export type AcceptanceEventFieldsFragment = { id: string, slug: string, title: string, startDate: string, counts: { submitted: number, offered: number, confirmed: number, paid: number } };

export type EmergencyContactFieldsFragment = { name: string, phone: string, relationship: string };

export type MoneyByMethodFieldsFragment = { receivedPence: number, refundedPence: number, netPence: number, methods: Array<{ method: PaymentMethod, label: string, receivedPence: number, refundedPence: number, netPence: number }> };

export const EmailTemplateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmailTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"customised"}}]}}]} as unknown as DocumentNode<EmailTemplateFieldsFragment, unknown>;
export const EventVisibilityFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventVisibilityFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<EventVisibilityFieldsFragment, unknown>;
export const GettingStartedFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GettingStartedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GettingStarted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"dismissed"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"item"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"hint"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkLabel"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"markable"}}]}}]}}]} as unknown as DocumentNode<GettingStartedFieldsFragment, unknown>;
export const ShowRevealFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShowRevealFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}}]}}]} as unknown as DocumentNode<ShowRevealFieldsFragment, unknown>;
export const PaymentInstructionsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]} as unknown as DocumentNode<PaymentInstructionsFieldsFragment, unknown>;
export const MyApplicationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]} as unknown as DocumentNode<MyApplicationFieldsFragment, unknown>;
export const CastingEventFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]} as unknown as DocumentNode<CastingEventFieldsFragment, unknown>;
export const CastingApplicationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingApplication"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]} as unknown as DocumentNode<CastingApplicationFieldsFragment, unknown>;
export const TicketCallToActionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketCallToActionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCallToAction"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketStanding"}}]}}]} as unknown as DocumentNode<TicketCallToActionFieldsFragment, unknown>;
export const MailingListNameFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListNameFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingList"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<MailingListNameFieldsFragment, unknown>;
export const ListMessageFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ListMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"listCount"}}]}}]} as unknown as DocumentNode<ListMessageFieldsFragment, unknown>;
export const MailingListTemplateFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}}]}}]} as unknown as DocumentNode<MailingListTemplateFieldsFragment, unknown>;
export const SubscriberCountsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriberCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriberCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribed"}},{"kind":"Field","name":{"kind":"Name","value":"unconfirmed"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}}]}}]} as unknown as DocumentNode<SubscriberCountsFieldsFragment, unknown>;
export const LearningTrackFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LearningTrackFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LearningTrack"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]} as unknown as DocumentNode<LearningTrackFieldsFragment, unknown>;
export const PartBreakdownFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PartBreakdownFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PartBreakdown"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"ownPart"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cells"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]} as unknown as DocumentNode<PartBreakdownFieldsFragment, unknown>;
export const EventContentPageFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventContentPageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventContentPage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"html"}}]}}]} as unknown as DocumentNode<EventContentPageFieldsFragment, unknown>;
export const MemberRecordFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemberRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}}]}}]} as unknown as DocumentNode<MemberRecordFieldsFragment, unknown>;
export const MySubscriptionFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MySubscriptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MySubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscribed"}}]}}]} as unknown as DocumentNode<MySubscriptionFieldsFragment, unknown>;
export const PushPreferencesFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PushPreferencesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PushPreferences"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offers"}},{"kind":"Field","name":{"kind":"Name","value":"releases"}},{"kind":"Field","name":{"kind":"Name","value":"showReveals"}},{"kind":"Field","name":{"kind":"Name","value":"ticketOffers"}}]}}]} as unknown as DocumentNode<PushPreferencesFieldsFragment, unknown>;
export const SocietySettingsFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SocietySettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SocietySettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shortName"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"accentColour"}},{"kind":"Field","name":{"kind":"Name","value":"supportEmail"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"referenceFormat"}}]}}]} as unknown as DocumentNode<SocietySettingsFieldsFragment, unknown>;
export const BallotRequestFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BallotRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BallotRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}}]}}]} as unknown as DocumentNode<BallotRequestFieldsFragment, unknown>;
export const ShopTicketTypeFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShopTicketTypeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketType"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"info"}},{"kind":"Field","name":{"kind":"Name","value":"pricePence"}},{"kind":"Field","name":{"kind":"Name","value":"left"}},{"kind":"Field","name":{"kind":"Name","value":"perPersonLimit"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"onSale"}},{"kind":"Field","name":{"kind":"Name","value":"saleEndsAt"}},{"kind":"Field","name":{"kind":"Name","value":"drawnAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitlistLength"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketCount"}},{"kind":"Field","name":{"kind":"Name","value":"myWaitlistPosition"}},{"kind":"Field","name":{"kind":"Name","value":"myRequest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BallotRequestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BallotRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BallotRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}}]}}]} as unknown as DocumentNode<ShopTicketTypeFieldsFragment, unknown>;
export const DoorScanFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DoorScanFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketScan"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"headline"}},{"kind":"Field","name":{"kind":"Name","value":"moneyLine"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}},{"kind":"Field","name":{"kind":"Name","value":"orderOwedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}}]}}]} as unknown as DocumentNode<DoorScanFieldsFragment, unknown>;
export const HeldTicketOrderFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"HeldTicketOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HeldTicketOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"claimToken"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"heldUntil"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"payByCard"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketTypeId"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPricePence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bankTransfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]} as unknown as DocumentNode<HeldTicketOrderFieldsFragment, unknown>;
export const MyTicketFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyTicketFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MyTicket"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventStart"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeInfo"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"payBy"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancel"}},{"kind":"Field","name":{"kind":"Name","value":"transfer"}}]}}]}}]} as unknown as DocumentNode<MyTicketFieldsFragment, unknown>;
export const TicketMoneyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketMoneyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketMoney"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"soldPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}}]}}]} as unknown as DocumentNode<TicketMoneyFieldsFragment, unknown>;
export const EventChoiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<EventChoiceFieldsFragment, unknown>;
export const ApplicationTypeChoiceFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationTypeInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}}]}}]} as unknown as DocumentNode<ApplicationTypeChoiceFieldsFragment, unknown>;
export const AcceptanceEventFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AcceptanceEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptanceEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitted"}},{"kind":"Field","name":{"kind":"Name","value":"offered"}},{"kind":"Field","name":{"kind":"Name","value":"confirmed"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}}]}}]}}]} as unknown as DocumentNode<AcceptanceEventFieldsFragment, unknown>;
export const EmergencyContactFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmergencyContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmergencyContact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"relationship"}}]}}]} as unknown as DocumentNode<EmergencyContactFieldsFragment, unknown>;
export const MoneyByMethodFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MoneyByMethodFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoneyByMethod"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}},{"kind":"Field","name":{"kind":"Name","value":"methods"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}}]}}]}}]} as unknown as DocumentNode<MoneyByMethodFieldsFragment, unknown>;
export const SetupPendingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SetupPending"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setupPending"}}]}}]} as unknown as DocumentNode<SetupPendingQuery, SetupPendingQueryVariables>;
export const SetupLinkDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SetupLink"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setupLink"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}]}]}}]} as unknown as DocumentNode<SetupLinkQuery, SetupLinkQueryVariables>;
export const AcceptanceApplicationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AcceptanceApplication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptanceApplication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicantName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"ledger"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"lineKey"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"recordedAt"}}]}}]}}]}}]} as unknown as DocumentNode<AcceptanceApplicationQuery, AcceptanceApplicationQueryVariables>;
export const RecordPaymentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordPayments"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entries"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentEntryInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordPayments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"applicationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"entries"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entries"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RecordPaymentsMutation, RecordPaymentsMutationVariables>;
export const RefundCardPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RefundCardPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundCardPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"paymentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"paymentId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amountPence"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RefundCardPaymentMutation, RefundCardPaymentMutationVariables>;
export const AcceptanceEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AcceptanceEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptanceEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AcceptanceEventFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AcceptanceEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptanceEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitted"}},{"kind":"Field","name":{"kind":"Name","value":"offered"}},{"kind":"Field","name":{"kind":"Name","value":"confirmed"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}}]}}]}}]} as unknown as DocumentNode<AcceptanceEventsQuery, AcceptanceEventsQueryVariables>;
export const AcceptanceOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AcceptanceOverview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptanceOverview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"capacity"}},{"kind":"Field","name":{"kind":"Name","value":"placesHeld"}},{"kind":"Field","name":{"kind":"Name","value":"placesLeft"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiryDays"}},{"kind":"Field","name":{"kind":"Name","value":"autoOfferFromWaitlist"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitted"}},{"kind":"Field","name":{"kind":"Name","value":"waitlisted"}},{"kind":"Field","name":{"kind":"Name","value":"offered"}},{"kind":"Field","name":{"kind":"Name","value":"confirmed"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"applications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"statusChangedAt"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"applicantName"}},{"kind":"Field","name":{"kind":"Name","value":"applicantEmail"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"canRecordPayment"}}]}}]}}]}}]} as unknown as DocumentNode<AcceptanceOverviewQuery, AcceptanceOverviewQueryVariables>;
export const PreviewDecisionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewDecisions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"action"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DecisionAction"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offerExpiresAt"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewDecisions"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"applicationIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"action"},"value":{"kind":"Variable","name":{"kind":"Name","value":"action"}}},{"kind":"Argument","name":{"kind":"Name","value":"offerExpiresAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offerExpiresAt"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationId"}},{"kind":"Field","name":{"kind":"Name","value":"applicantName"}},{"kind":"Field","name":{"kind":"Name","value":"applicantEmail"}},{"kind":"Field","name":{"kind":"Name","value":"currentStatus"}},{"kind":"Field","name":{"kind":"Name","value":"resultingStatus"}},{"kind":"Field","name":{"kind":"Name","value":"refusal"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"email"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}}]}}]}}]}}]} as unknown as DocumentNode<PreviewDecisionsQuery, PreviewDecisionsQueryVariables>;
export const DecideApplicationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DecideApplications"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationIds"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"action"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DecisionAction"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offerExpiresAt"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersions"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decideApplications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"applicationIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationIds"}}},{"kind":"Argument","name":{"kind":"Name","value":"action"},"value":{"kind":"Variable","name":{"kind":"Name","value":"action"}}},{"kind":"Argument","name":{"kind":"Name","value":"offerExpiresAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offerExpiresAt"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersions"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersions"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<DecideApplicationsMutation, DecideApplicationsMutationVariables>;
export const PromoteFromWaitlistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PromoteFromWaitlist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"promoteFromWaitlist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<PromoteFromWaitlistMutation, PromoteFromWaitlistMutationVariables>;
export const EmailTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmailTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emailTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"customised"}},{"kind":"Field","name":{"kind":"Name","value":"defaultSubject"}},{"kind":"Field","name":{"kind":"Name","value":"defaultBody"}}]}},{"kind":"Field","name":{"kind":"Name","value":"emailTemplatePlaceholders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]} as unknown as DocumentNode<EmailTemplatesQuery, EmailTemplatesQueryVariables>;
export const PreviewEmailTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PreviewEmailTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplateKey"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previewEmailTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"html"}}]}}]}}]} as unknown as DocumentNode<PreviewEmailTemplateQuery, PreviewEmailTemplateQueryVariables>;
export const UpdateEmailTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateEmailTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplateKey"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateEmailTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EmailTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmailTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"customised"}}]}}]} as unknown as DocumentNode<UpdateEmailTemplateMutation, UpdateEmailTemplateMutationVariables>;
export const ResetEmailTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ResetEmailTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplateKey"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"resetEmailTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"key"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EmailTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmailTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmailTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"customised"}}]}}]} as unknown as DocumentNode<ResetEmailTemplateMutation, ResetEmailTemplateMutationVariables>;
export const DiversityReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DiversityReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"diversityReport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventChoiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"withheld"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"questions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"10"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"answer"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<DiversityReportQuery, DiversityReportQueryVariables>;
export const AddLateApplicationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddLateApplication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userEmail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"notify"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addLateApplication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"userEmail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userEmail"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"notify"},"value":{"kind":"Variable","name":{"kind":"Name","value":"notify"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<AddLateApplicationMutation, AddLateApplicationMutationVariables>;
export const AdminDashboardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminDashboard"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminDashboard"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationsByStatus"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"upcomingEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}}]}},{"kind":"Field","name":{"kind":"Name","value":"recentActivityCount"}},{"kind":"Field","name":{"kind":"Name","value":"todo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}},{"kind":"Field","name":{"kind":"Name","value":"recentActivity"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"actorName"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"link"}}]}}]}}]}}]} as unknown as DocumentNode<AdminDashboardQuery, AdminDashboardQueryVariables>;
export const AdminEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}}]}}]}}]} as unknown as DocumentNode<AdminEventsQuery, AdminEventsQueryVariables>;
export const AuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"actor"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AuditEntityType"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"actor"},"value":{"kind":"Variable","name":{"kind":"Name","value":"actor"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityType"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityId"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"entityType"}},{"kind":"Field","name":{"kind":"Name","value":"entityId"}},{"kind":"Field","name":{"kind":"Name","value":"after"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<AuditLogQuery, AuditLogQueryVariables>;
export const AdminEventListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminEventList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"includeArchived"},"value":{"kind":"Variable","name":{"kind":"Name","value":"includeArchived"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"archivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<AdminEventListQuery, AdminEventListQueryVariables>;
export const AdminEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"audienceTypes"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"}}]}}]}}]} as unknown as DocumentNode<AdminEventQuery, AdminEventQueryVariables>;
export const CreateEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EventInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}}]}}]}}]} as unknown as DocumentNode<CreateEventMutation, CreateEventMutationVariables>;
export const UpdateEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EventInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<UpdateEventMutation, UpdateEventMutationVariables>;
export const PublishEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PublishEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"visibility"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"EventVisibility"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"publishEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"visibility"},"value":{"kind":"Variable","name":{"kind":"Name","value":"visibility"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventVisibilityFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventVisibilityFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<PublishEventMutation, PublishEventMutationVariables>;
export const UnpublishEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnpublishEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unpublishEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventVisibilityFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventVisibilityFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<UnpublishEventMutation, UnpublishEventMutationVariables>;
export const ArchiveEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ArchiveEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"archiveEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"archivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ArchiveEventMutation, ArchiveEventMutationVariables>;
export const UnarchiveEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnarchiveEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unarchiveEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"archivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<UnarchiveEventMutation, UnarchiveEventMutationVariables>;
export const DuplicateEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DuplicateEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"title"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"duplicateEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"title"},"value":{"kind":"Variable","name":{"kind":"Name","value":"title"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}}]}}]} as unknown as DocumentNode<DuplicateEventMutation, DuplicateEventMutationVariables>;
export const SetEventReleasesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetEventReleases"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"releaseParticipantInfoPack"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"releaseFinalParticipantInfo"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"releaseCastList"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setEventReleases"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"releaseParticipantInfoPack"},"value":{"kind":"Variable","name":{"kind":"Name","value":"releaseParticipantInfoPack"}}},{"kind":"Argument","name":{"kind":"Name","value":"releaseFinalParticipantInfo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"releaseFinalParticipantInfo"}}},{"kind":"Argument","name":{"kind":"Name","value":"releaseCastList"},"value":{"kind":"Variable","name":{"kind":"Name","value":"releaseCastList"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<SetEventReleasesMutation, SetEventReleasesMutationVariables>;
export const GettingStartedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"GettingStarted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"gettingStarted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GettingStartedFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GettingStartedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GettingStarted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"dismissed"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"item"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"hint"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkLabel"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"markable"}}]}}]}}]} as unknown as DocumentNode<GettingStartedQuery, GettingStartedQueryVariables>;
export const MarkGettingStartedDoneDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkGettingStartedDone"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"item"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"GettingStartedItem"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markGettingStartedDone"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"item"},"value":{"kind":"Variable","name":{"kind":"Name","value":"item"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GettingStartedFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GettingStartedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GettingStarted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"dismissed"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"item"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"hint"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkLabel"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"markable"}}]}}]}}]} as unknown as DocumentNode<MarkGettingStartedDoneMutation, MarkGettingStartedDoneMutationVariables>;
export const DismissGettingStartedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DismissGettingStarted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dismissGettingStarted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"GettingStartedFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"GettingStartedFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"GettingStarted"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"complete"}},{"kind":"Field","name":{"kind":"Name","value":"dismissed"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"item"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"hint"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"linkLabel"}},{"kind":"Field","name":{"kind":"Name","value":"done"}},{"kind":"Field","name":{"kind":"Name","value":"markable"}}]}}]}}]} as unknown as DocumentNode<DismissGettingStartedMutation, DismissGettingStartedMutationVariables>;
export const ShowRevealsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ShowReveals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"showReveals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"visibility"}}]}}]}}]} as unknown as DocumentNode<ShowRevealsQuery, ShowRevealsQueryVariables>;
export const ScheduleShowRevealDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScheduleShowReveal"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"revealAt"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"scheduleShowReveal"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"revealAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"revealAt"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ShowRevealFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShowRevealFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}}]}}]} as unknown as DocumentNode<ScheduleShowRevealMutation, ScheduleShowRevealMutationVariables>;
export const RevealShowNowDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevealShowNow"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revealShowNow"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ShowRevealFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShowRevealFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AdminEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}}]}}]} as unknown as DocumentNode<RevealShowNowMutation, RevealShowNowMutationVariables>;
export const OutboxDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Outbox"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outbox"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"to"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"template"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}}]}}]}}]} as unknown as DocumentNode<OutboxQuery, OutboxQueryVariables>;
export const RetryOutboxMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryOutboxMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryOutboxMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<RetryOutboxMessageMutation, RetryOutboxMessageMutationVariables>;
export const JobsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Jobs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JobStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}},{"kind":"Field","name":{"kind":"Name","value":"maxAttempts"}},{"kind":"Field","name":{"kind":"Name","value":"runAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"completedAt"}}]}}]}}]} as unknown as DocumentNode<JobsQuery, JobsQueryVariables>;
export const RetryJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"}}]}}]}}]} as unknown as DocumentNode<RetryJobMutation, RetryJobMutationVariables>;
export const AnnouncementsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"Announcements"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"announcements"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"authorName"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]} as unknown as DocumentNode<AnnouncementsSubscription, AnnouncementsSubscriptionVariables>;
export const ApplyChoiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApplyChoice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"openApplicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationTypeInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}}]}}]} as unknown as DocumentNode<ApplyChoiceQuery, ApplyChoiceQueryVariables>;
export const ApplicationFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ApplicationForm"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationForm"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}},{"kind":"Field","name":{"kind":"Name","value":"closedReason"}},{"kind":"Field","name":{"kind":"Name","value":"closedMessage"}},{"kind":"Field","name":{"kind":"Name","value":"draft"}},{"kind":"Field","name":{"kind":"Name","value":"questions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"help"}},{"kind":"Field","name":{"kind":"Name","value":"options"}},{"kind":"Field","name":{"kind":"Name","value":"maxLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"profile"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"emergencyContact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EmergencyContactFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}}]}},{"kind":"Field","name":{"kind":"Name","value":"application"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"answers"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmergencyContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmergencyContact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"relationship"}}]}}]} as unknown as DocumentNode<ApplicationFormQuery, ApplicationFormQueryVariables>;
export const SaveApplicationDraftDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveApplicationDraft"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"data"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveApplicationDraft"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"data"},"value":{"kind":"Variable","name":{"kind":"Name","value":"data"}}}]}]}}]} as unknown as DocumentNode<SaveApplicationDraftMutation, SaveApplicationDraftMutationVariables>;
export const SubmitApplicationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitApplication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"profile"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProfileEssentialsInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"answers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitApplication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"profile"},"value":{"kind":"Variable","name":{"kind":"Name","value":"profile"}}},{"kind":"Argument","name":{"kind":"Name","value":"answers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"answers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyApplicationFields"}},{"kind":"Field","name":{"kind":"Name","value":"answers"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}}]} as unknown as DocumentNode<SubmitApplicationMutation, SubmitApplicationMutationVariables>;
export const UpdateApplicationAnswersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateApplicationAnswers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"profile"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProfileEssentialsInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"answers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateApplicationAnswers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}},{"kind":"Argument","name":{"kind":"Name","value":"profile"},"value":{"kind":"Variable","name":{"kind":"Name","value":"profile"}}},{"kind":"Argument","name":{"kind":"Name","value":"answers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"answers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"answers"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateApplicationAnswersMutation, UpdateApplicationAnswersMutationVariables>;
export const MyApplicationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myApplications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"25"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyApplicationFields"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}}]} as unknown as DocumentNode<MyApplicationsQuery, MyApplicationsQueryVariables>;
export const WithdrawApplicationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"WithdrawApplication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"withdrawApplication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyApplicationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}}]} as unknown as DocumentNode<WithdrawApplicationMutation, WithdrawApplicationMutationVariables>;
export const AcceptOfferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AcceptOffer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptOffer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyApplicationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}}]} as unknown as DocumentNode<AcceptOfferMutation, AcceptOfferMutationVariables>;
export const DeclineOfferDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeclineOffer"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"declineOffer"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyApplicationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Application"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"offerExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"paymentInstructions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"owed"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edit"}},{"kind":"Field","name":{"kind":"Name","value":"withdraw"}},{"kind":"Field","name":{"kind":"Name","value":"accept"}},{"kind":"Field","name":{"kind":"Name","value":"decline"}}]}}]}}]} as unknown as DocumentNode<DeclineOfferMutation, DeclineOfferMutationVariables>;
export const CardPaymentsEnabledDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CardPaymentsEnabled"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cardPaymentsEnabled"}}]}}]} as unknown as DocumentNode<CardPaymentsEnabledQuery, CardPaymentsEnabledQueryVariables>;
export const StartCardCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartCardCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lineKeys"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startCardCheckout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"applicationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"lineKeys"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lineKeys"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]} as unknown as DocumentNode<StartCardCheckoutMutation, StartCardCheckoutMutationVariables>;
export const CardCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CardCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cardCheckout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}}]}}]}}]}}]} as unknown as DocumentNode<CardCheckoutQuery, CardCheckoutQueryVariables>;
export const DiversitySurveyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DiversitySurvey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"diversitySurvey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"questions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"options"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"diversityAnswered"}}]}}]}}]}}]} as unknown as DocumentNode<DiversitySurveyQuery, DiversitySurveyQueryVariables>;
export const SubmitDiversitySurveyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubmitDiversitySurvey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"answers"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitDiversitySurvey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"applicationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"answers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"answers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"diversityAnswered"}}]}}]}}]} as unknown as DocumentNode<SubmitDiversitySurveyMutation, SubmitDiversitySurveyMutationVariables>;
export const CastingEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CastingEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"castingEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"applicationCount"}}]}}]}}]} as unknown as DocumentNode<CastingEventsQuery, CastingEventsQueryVariables>;
export const CastingApplicationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CastingApplications"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CastingFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CastingSort"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"castingApplications"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingEventFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingApplicationFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"statusCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"typeCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partCounts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"count"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingApplication"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]} as unknown as DocumentNode<CastingApplicationsQuery, CastingApplicationsQueryVariables>;
export const CastingApplicationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CastingApplication"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CastingFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CastingSort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"castingApplication"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingApplicationFields"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingEventFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"answers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"questionId"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"fileUrl"}}]}},{"kind":"Field","name":{"kind":"Name","value":"application"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicant"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instrument"}},{"kind":"Field","name":{"kind":"Name","value":"level"}}]}},{"kind":"Field","name":{"kind":"Name","value":"studentStatus"}},{"kind":"Field","name":{"kind":"Name","value":"institution"}},{"kind":"Field","name":{"kind":"Name","value":"course"}},{"kind":"Field","name":{"kind":"Name","value":"graduationYear"}},{"kind":"Field","name":{"kind":"Name","value":"dietaryRequirements"}},{"kind":"Field","name":{"kind":"Name","value":"accessNeeds"}},{"kind":"Field","name":{"kind":"Name","value":"bio"}}]}},{"kind":"Field","name":{"kind":"Name","value":"reviews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reviewerName"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"mine"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myReview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pastParticipation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}}]}},{"kind":"Field","name":{"kind":"Name","value":"otherApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"castingNeighbours"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"previous"}},{"kind":"Field","name":{"kind":"Name","value":"next"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingApplication"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]} as unknown as DocumentNode<CastingApplicationQuery, CastingApplicationQueryVariables>;
export const SaveReviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveReview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"score"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"note"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveReview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"applicationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"score"},"value":{"kind":"Variable","name":{"kind":"Name","value":"score"}}},{"kind":"Argument","name":{"kind":"Name","value":"note"},"value":{"kind":"Variable","name":{"kind":"Name","value":"note"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"score"}},{"kind":"Field","name":{"kind":"Name","value":"note"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<SaveReviewMutation, SaveReviewMutationVariables>;
export const AssignPartDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AssignPart"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"part"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignPart"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"applicationId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationId"}}},{"kind":"Argument","name":{"kind":"Name","value":"part"},"value":{"kind":"Variable","name":{"kind":"Name","value":"part"}}},{"kind":"Argument","name":{"kind":"Name","value":"expectedVersion"},"value":{"kind":"Variable","name":{"kind":"Name","value":"expectedVersion"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingApplicationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingApplication"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]} as unknown as DocumentNode<AssignPartMutation, AssignPartMutationVariables>;
export const ApplicationChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ApplicationChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"application"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"CastingApplicationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"CastingApplicationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CastingApplication"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"averageScore"}},{"kind":"Field","name":{"kind":"Name","value":"reviewCount"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"version"}}]}}]} as unknown as DocumentNode<ApplicationChangedSubscription, ApplicationChangedSubscriptionVariables>;
export const AuditionInfoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditionInfo"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"auditionInfoHtml"}},{"kind":"Field","name":{"kind":"Name","value":"openApplicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationTypeInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}}]}}]} as unknown as DocumentNode<AuditionInfoQuery, AuditionInfoQueryVariables>;
export const MyCalendarFeedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyCalendarFeed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myCalendarFeed"}}]}}]} as unknown as DocumentNode<MyCalendarFeedQuery, MyCalendarFeedQueryVariables>;
export const RenewCalendarFeedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenewCalendarFeed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"renewCalendarFeed"}}]}}]} as unknown as DocumentNode<RenewCalendarFeedMutation, RenewCalendarFeedMutationVariables>;
export const EventMyApplicationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventMyApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}}]}}]}}]}}]} as unknown as DocumentNode<EventMyApplicationsQuery, EventMyApplicationsQueryVariables>;
export const EventPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"descriptionHtml"}},{"kind":"Field","name":{"kind":"Name","value":"auditionInfoHtml"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TicketCallToActionFields"}},{"kind":"Field","name":{"kind":"Name","value":"openApplicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"audienceTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"contentHtml"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myRehearsals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketCallToActionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCallToAction"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketStanding"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ApplicationTypeChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationTypeInfo"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"open"}},{"kind":"Field","name":{"kind":"Name","value":"auditionRequired"}}]}}]} as unknown as DocumentNode<EventPageQuery, EventPageQueryVariables>;
export const EventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Event"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"event"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}}]}}]} as unknown as DocumentNode<EventQuery, EventQueryVariables>;
export const HomeEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HomeEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TicketCallToActionFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"myApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"paymentDue"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketCallToActionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCallToAction"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketStanding"}}]}}]} as unknown as DocumentNode<HomeEventsQuery, HomeEventsQueryVariables>;
export const ListingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Listings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealAt"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"openApplicationTypeKeys"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"TicketCallToActionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketCallToActionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"ticketCallToAction"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketStanding"}}]}}]} as unknown as DocumentNode<ListingsQuery, ListingsQueryVariables>;
export const ShowRevealedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ShowRevealed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"showRevealed"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"revealedAt"}}]}}]}}]} as unknown as DocumentNode<ShowRevealedSubscription, ShowRevealedSubscriptionVariables>;
export const MoneyInRangeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MoneyInRange"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moneyInRange"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MoneyByMethodFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MoneyByMethodFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoneyByMethod"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}},{"kind":"Field","name":{"kind":"Name","value":"methods"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}}]}}]}}]} as unknown as DocumentNode<MoneyInRangeQuery, MoneyInRangeQueryVariables>;
export const PayoutsCsvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PayoutsCsv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payoutsCsv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}]}]}}]} as unknown as DocumentNode<PayoutsCsvQuery, PayoutsCsvQueryVariables>;
export const MoneyReceivedCsvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MoneyReceivedCsv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"moneyReceivedCsv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}}]}]}}]} as unknown as DocumentNode<MoneyReceivedCsvQuery, MoneyReceivedCsvQueryVariables>;
export const ParticipantEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ParticipantEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventChoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<ParticipantEventsQuery, ParticipantEventsQueryVariables>;
export const AddEventParticipantsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddEventParticipants"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addEventParticipantsToList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"participants"}},{"kind":"Field","name":{"kind":"Name","value":"added"}},{"kind":"Field","name":{"kind":"Name","value":"alreadyOnList"}}]}}]}}]} as unknown as DocumentNode<AddEventParticipantsMutation, AddEventParticipantsMutationVariables>;
export const MarkSubscriberBouncedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkSubscriberBounced"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscriberId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markMailingListSubscriberBounced"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"subscriberId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscriberId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<MarkSubscriberBouncedMutation, MarkSubscriberBouncedMutationVariables>;
export const EraseSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"EraseSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscriberId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eraseMailingListSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"subscriberId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscriberId"}}}]}]}}]} as unknown as DocumentNode<EraseSubscriberMutation, EraseSubscriberMutationVariables>;
export const MailingListsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"doubleOptIn"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubscriberCountsFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriberCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriberCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribed"}},{"kind":"Field","name":{"kind":"Name","value":"unconfirmed"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}}]}}]} as unknown as DocumentNode<MailingListsQuery, MailingListsQueryVariables>;
export const MailingListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"doubleOptIn"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessage"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SubscriberCountsFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"mailingListMessages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ListMessageFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"mailingLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailingListNameFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SubscriberCountsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriberCounts"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribed"}},{"kind":"Field","name":{"kind":"Name","value":"unconfirmed"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ListMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"listCount"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListNameFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingList"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<MailingListQuery, MailingListQueryVariables>;
export const MailingListSubscribersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingListSubscribers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SubscriberStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingListSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}}]} as unknown as DocumentNode<MailingListSubscribersQuery, MailingListSubscribersQueryVariables>;
export const MailingListExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingListExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingListExport"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}]}]}}]} as unknown as DocumentNode<MailingListExportQuery, MailingListExportQueryVariables>;
export const MailingListPreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingListPreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingListPreview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"markdown"},"value":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}}}]}]}}]} as unknown as DocumentNode<MailingListPreviewQuery, MailingListPreviewQueryVariables>;
export const CreateMailingListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateMailingList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createMailingList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailingListNameFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListNameFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingList"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]} as unknown as DocumentNode<CreateMailingListMutation, CreateMailingListMutationVariables>;
export const UpdateMailingListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMailingList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMailingList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"isPublic"}},{"kind":"Field","name":{"kind":"Name","value":"doubleOptIn"}},{"kind":"Field","name":{"kind":"Name","value":"welcomeMessage"}}]}}]}}]} as unknown as DocumentNode<UpdateMailingListMutation, UpdateMailingListMutationVariables>;
export const AddMailingListSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddMailingListSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addMailingListSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]} as unknown as DocumentNode<AddMailingListSubscriberMutation, AddMailingListSubscriberMutationVariables>;
export const ImportMailingListSubscribersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportMailingListSubscribers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"csv"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"dryRun"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importMailingListSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"csv"},"value":{"kind":"Variable","name":{"kind":"Name","value":"csv"}}},{"kind":"Argument","name":{"kind":"Name","value":"dryRun"},"value":{"kind":"Variable","name":{"kind":"Name","value":"dryRun"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"added"}},{"kind":"Field","name":{"kind":"Name","value":"updated"}},{"kind":"Field","name":{"kind":"Name","value":"unchanged"}},{"kind":"Field","name":{"kind":"Name","value":"keptUnsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"problems"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"line"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<ImportMailingListSubscribersMutation, ImportMailingListSubscribersMutationVariables>;
export const SendMailingListMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendMailingListMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"alsoTo"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sendAt"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMailingListMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"markdown"},"value":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}}},{"kind":"Argument","name":{"kind":"Name","value":"alsoTo"},"value":{"kind":"Variable","name":{"kind":"Name","value":"alsoTo"}}},{"kind":"Argument","name":{"kind":"Name","value":"sendAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sendAt"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ListMessageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ListMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"listCount"}}]}}]} as unknown as DocumentNode<SendMailingListMessageMutation, SendMailingListMessageMutationVariables>;
export const CancelMailingListMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelMailingListMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelMailingListMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ListMessageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ListMessageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListMessage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"sendAt"}},{"kind":"Field","name":{"kind":"Name","value":"listCount"}}]}}]} as unknown as DocumentNode<CancelMailingListMessageMutation, CancelMailingListMessageMutationVariables>;
export const MailingListTemplatesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MailingListTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"mailingListTemplates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailingListTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}}]}}]} as unknown as DocumentNode<MailingListTemplatesQuery, MailingListTemplatesQueryVariables>;
export const SaveMailingListTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SaveMailingListTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"saveMailingListTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"markdown"},"value":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MailingListTemplateFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MailingListTemplateFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MailingListTemplate"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"markdown"}}]}}]} as unknown as DocumentNode<SaveMailingListTemplateMutation, SaveMailingListTemplateMutationVariables>;
export const SendMailingListTestDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendMailingListTest"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMailingListTest"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"markdown"},"value":{"kind":"Variable","name":{"kind":"Name","value":"markdown"}}}]}]}}]} as unknown as DocumentNode<SendMailingListTestMutation, SendMailingListTestMutationVariables>;
export const NavItemsQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NavItemsQuery"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myApplications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"showName"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"signupDeadline"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"permissions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releaseParticipantInfoPack"}},{"kind":"Field","name":{"kind":"Name","value":"releaseFinalParticipantInfo"}},{"kind":"Field","name":{"kind":"Name","value":"releaseCastList"}}]}},{"kind":"Field","name":{"kind":"Name","value":"paymentLines"}}]}}]}}]}}]}}]} as unknown as DocumentNode<NavItemsQueryQuery, NavItemsQueryQueryVariables>;
export const NavigationChangedSubscriptionDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"NavigationChangedSubscription"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myNavigationChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<NavigationChangedSubscriptionSubscription, NavigationChangedSubscriptionSubscriptionVariables>;
export const LearningTracksQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LearningTracksQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"learningTracks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventId"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"myPart"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tracks"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LearningTrackFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LearningTrackFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LearningTrack"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]} as unknown as DocumentNode<LearningTracksQueryQuery, LearningTracksQueryQueryVariables>;
export const AddLearningTrackMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddLearningTrackMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numberId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"part"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fileKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fileName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addLearningTrack"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"numberId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numberId"}}},{"kind":"Argument","name":{"kind":"Name","value":"part"},"value":{"kind":"Variable","name":{"kind":"Name","value":"part"}}},{"kind":"Argument","name":{"kind":"Name","value":"fileKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fileKey"}}},{"kind":"Argument","name":{"kind":"Name","value":"fileName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fileName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"LearningTrackFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"LearningTrackFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LearningTrack"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]} as unknown as DocumentNode<AddLearningTrackMutationMutation, AddLearningTrackMutationMutationVariables>;
export const RemoveLearningTrackMutationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveLearningTrackMutation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeLearningTrack"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RemoveLearningTrackMutationMutation, RemoveLearningTrackMutationMutationVariables>;
export const OperationsOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OperationsOverview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationsOverview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventType"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"participants"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"typeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"overdue"}},{"kind":"Field","name":{"kind":"Name","value":"dietary"}},{"kind":"Field","name":{"kind":"Name","value":"access"}}]}},{"kind":"Field","name":{"kind":"Name","value":"moneyByType"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"moneyByLine"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"typeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"dueDate"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"overdueCount"}}]}},{"kind":"Field","name":{"kind":"Name","value":"moneyByMethod"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MoneyByMethodFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MoneyByMethodFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoneyByMethod"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}},{"kind":"Field","name":{"kind":"Name","value":"methods"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}}]}}]}}]} as unknown as DocumentNode<OperationsOverviewQuery, OperationsOverviewQueryVariables>;
export const OperationsCsvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OperationsCsv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tab"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OperationsTab"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"part"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"type"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sort"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantSortKey"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"descending"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"operationsCsv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"tab"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tab"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"part"},"value":{"kind":"Variable","name":{"kind":"Name","value":"part"}}},{"kind":"Argument","name":{"kind":"Name","value":"type"},"value":{"kind":"Variable","name":{"kind":"Name","value":"type"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"sort"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sort"}}},{"kind":"Argument","name":{"kind":"Name","value":"descending"},"value":{"kind":"Variable","name":{"kind":"Name","value":"descending"}}}]}]}}]} as unknown as DocumentNode<OperationsCsvQuery, OperationsCsvQueryVariables>;
export const NeedToKnowDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"NeedToKnow"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"needToKnow"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"hiddenAt"}},{"kind":"Field","name":{"kind":"Name","value":"rows"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"typeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactRelationship"}},{"kind":"Field","name":{"kind":"Name","value":"dietary"}},{"kind":"Field","name":{"kind":"Name","value":"access"}}]}}]}}]}}]} as unknown as DocumentNode<NeedToKnowQuery, NeedToKnowQueryVariables>;
export const AttendanceRegisterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AttendanceRegister"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"date"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attendanceRegister"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"date"},"value":{"kind":"Variable","name":{"kind":"Name","value":"date"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"dates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"date"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"label"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"typeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"mark"}}]}}]}}]}}]} as unknown as DocumentNode<AttendanceRegisterQuery, AttendanceRegisterQueryVariables>;
export const MarkAttendanceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"MarkAttendance"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"date"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mark"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AttendanceMark"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"markAttendance"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"date"},"value":{"kind":"Variable","name":{"kind":"Name","value":"date"}}},{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"mark"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mark"}}}]}]}}]} as unknown as DocumentNode<MarkAttendanceMutation, MarkAttendanceMutationVariables>;
export const ChasePreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ChasePreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"chasePreview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"recipients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"nextChaseAt"}},{"kind":"Field","name":{"kind":"Name","value":"canChaseNow"}}]}}]}}]}}]} as unknown as DocumentNode<ChasePreviewQuery, ChasePreviewQueryVariables>;
export const SendChaseDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendChase"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendChase"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}}]}}]}}]} as unknown as DocumentNode<SendChaseMutation, SendChaseMutationVariables>;
export const OperationsEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OperationsEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"acceptanceEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"AcceptanceEventFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"AcceptanceEventFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AcceptanceEvent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"counts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"submitted"}},{"kind":"Field","name":{"kind":"Name","value":"offered"}},{"kind":"Field","name":{"kind":"Name","value":"confirmed"}},{"kind":"Field","name":{"kind":"Name","value":"paid"}}]}}]}}]} as unknown as DocumentNode<OperationsEventsQuery, OperationsEventsQueryVariables>;
export const MessagePreviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MessagePreview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantFilterInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messagePreview"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"html"}},{"kind":"Field","name":{"kind":"Name","value":"recipients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<MessagePreviewQuery, MessagePreviewQueryVariables>;
export const SendParticipantMessageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendParticipantMessage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantFilterInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subject"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"body"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendParticipantMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"subject"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subject"}}},{"kind":"Argument","name":{"kind":"Name","value":"body"},"value":{"kind":"Variable","name":{"kind":"Name","value":"body"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"userId"}}]}}]}}]} as unknown as DocumentNode<SendParticipantMessageMutation, SendParticipantMessageMutationVariables>;
export const InfoPackDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InfoPack"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"preview"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantPreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"participantInfoPack"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"applicationType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}}},{"kind":"Argument","name":{"kind":"Name","value":"preview"},"value":{"kind":"Variable","name":{"kind":"Name","value":"preview"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"applicationTypeLabel"}},{"kind":"Field","name":{"kind":"Name","value":"html"}},{"kind":"Field","name":{"kind":"Name","value":"attachments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]}}]} as unknown as DocumentNode<InfoPackQuery, InfoPackQueryVariables>;
export const VenueAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"VenueAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"preview"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantPreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"venueAccess"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"preview"},"value":{"kind":"Variable","name":{"kind":"Name","value":"preview"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"mapUrl"}},{"kind":"Field","name":{"kind":"Name","value":"html"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}}]}}]} as unknown as DocumentNode<VenueAccessQuery, VenueAccessQueryVariables>;
export const CastListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CastList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"preview"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantPreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"castList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"preview"},"value":{"kind":"Variable","name":{"kind":"Name","value":"preview"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"members"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}}]}}]}}]}}]} as unknown as DocumentNode<CastListQuery, CastListQueryVariables>;
export const PartBreakdownDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PartBreakdown"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"preview"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantPreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partBreakdown"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"preview"},"value":{"kind":"Variable","name":{"kind":"Name","value":"preview"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PartBreakdownFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PartBreakdownFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PartBreakdown"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"ownPart"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cells"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]} as unknown as DocumentNode<PartBreakdownQuery, PartBreakdownQueryVariables>;
export const SocialLinksDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SocialLinks"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"preview"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ParticipantPreviewInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"socialLinks"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"preview"},"value":{"kind":"Variable","name":{"kind":"Name","value":"preview"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventContentPageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventContentPageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventContentPage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"html"}}]}}]} as unknown as DocumentNode<SocialLinksQuery, SocialLinksQueryVariables>;
export const TicketSalesInfoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketSalesInfo"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketSalesInfo"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventContentPageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventContentPageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventContentPage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"html"}}]}}]} as unknown as DocumentNode<TicketSalesInfoQuery, TicketSalesInfoQueryVariables>;
export const CancellationsInfoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CancellationsInfo"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancellationsInfo"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventContentPageFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventContentPageFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EventContentPage"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"html"}}]}}]} as unknown as DocumentNode<CancellationsInfoQuery, CancellationsInfoQueryVariables>;
export const SocialListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SocialList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"socialList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"signedIn"}},{"kind":"Field","name":{"kind":"Name","value":"optIn"}},{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}}]}},{"kind":"Field","name":{"kind":"Name","value":"going"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}}]}}]}}]}}]} as unknown as DocumentNode<SocialListQuery, SocialListQueryVariables>;
export const SetSocialListOptInDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetSocialListOptIn"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"optIn"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setSocialListOptIn"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"optIn"},"value":{"kind":"Variable","name":{"kind":"Name","value":"optIn"}}}]}]}}]} as unknown as DocumentNode<SetSocialListOptInMutation, SetSocialListOptInMutationVariables>;
export const SandboxSidebarDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SandboxSidebar"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ApplicationStatus"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sandboxSidebar"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"applicationType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"section"}},{"kind":"Field","name":{"kind":"Name","value":"sectionTitle"}},{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"to"}}]}}]}}]} as unknown as DocumentNode<SandboxSidebarQuery, SandboxSidebarQueryVariables>;
export const SandboxEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SandboxEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"}}]}}]}}]} as unknown as DocumentNode<SandboxEventsQuery, SandboxEventsQueryVariables>;
export const AdminBreakdownEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AdminBreakdownEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"adminEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"eventConfig"}}]}},{"kind":"Field","name":{"kind":"Name","value":"partBreakdown"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PartBreakdownFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"eventAttachments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"size"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PartBreakdownFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PartBreakdown"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"parts"}},{"kind":"Field","name":{"kind":"Name","value":"ownPart"}},{"kind":"Field","name":{"kind":"Name","value":"numbers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"position"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}},{"kind":"Field","name":{"kind":"Name","value":"cells"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"numberId"}},{"kind":"Field","name":{"kind":"Name","value":"part"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}}]}}]} as unknown as DocumentNode<AdminBreakdownEventQuery, AdminBreakdownEventQueryVariables>;
export const SetEventNumbersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetEventNumbers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EventNumberInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setEventNumbers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"numbers"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numbers"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<SetEventNumbersMutation, SetEventNumbersMutationVariables>;
export const SetPartBreakdownCellDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetPartBreakdownCell"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"numberId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"part"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"note"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setPartBreakdownCell"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"numberId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"numberId"}}},{"kind":"Argument","name":{"kind":"Name","value":"part"},"value":{"kind":"Variable","name":{"kind":"Name","value":"part"}}},{"kind":"Argument","name":{"kind":"Name","value":"note"},"value":{"kind":"Variable","name":{"kind":"Name","value":"note"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<SetPartBreakdownCellMutation, SetPartBreakdownCellMutationVariables>;
export const ImportPartBreakdownCsvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ImportPartBreakdownCsv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"csv"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"importPartBreakdownCsv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"csv"},"value":{"kind":"Variable","name":{"kind":"Name","value":"csv"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<ImportPartBreakdownCsvMutation, ImportPartBreakdownCsvMutationVariables>;
export const AddEventAttachmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddEventAttachment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"title"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fileKey"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addEventAttachment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"applicationType"},"value":{"kind":"Variable","name":{"kind":"Name","value":"applicationType"}}},{"kind":"Argument","name":{"kind":"Name","value":"title"},"value":{"kind":"Variable","name":{"kind":"Name","value":"title"}}},{"kind":"Argument","name":{"kind":"Name","value":"fileKey"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fileKey"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<AddEventAttachmentMutation, AddEventAttachmentMutationVariables>;
export const RemoveEventAttachmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveEventAttachment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeEventAttachment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RemoveEventAttachmentMutation, RemoveEventAttachmentMutationVariables>;
export const AccountChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"AccountChanged"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myAccountChanged"}}]}}]} as unknown as DocumentNode<AccountChangedSubscription, AccountChangedSubscriptionVariables>;
export const ClaimFirstAdminDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ClaimFirstAdmin"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"claimFirstAdmin"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}}]}}]}}]} as unknown as DocumentNode<ClaimFirstAdminMutation, ClaimFirstAdminMutationVariables>;
export const CommitteeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Committee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"committee"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"endsAt"}},{"kind":"Field","name":{"kind":"Name","value":"user"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<CommitteeQuery, CommitteeQueryVariables>;
export const GrantCommitteeRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"GrantCommitteeRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endsAt"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"grantCommitteeRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}},{"kind":"Argument","name":{"kind":"Name","value":"endsAt"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endsAt"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}}]}}]}}]} as unknown as DocumentNode<GrantCommitteeRoleMutation, GrantCommitteeRoleMutationVariables>;
export const RevokeCommitteeRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeCommitteeRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"userId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"userId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"userId"}}},{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}}]}}]}}]} as unknown as DocumentNode<RevokeCommitteeRoleMutation, RevokeCommitteeRoleMutationVariables>;
export const HandOverRoleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"HandOverRole"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"role"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Role"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"fromUserId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"toEmail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"handOverRole"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"role"},"value":{"kind":"Variable","name":{"kind":"Name","value":"role"}}},{"kind":"Argument","name":{"kind":"Name","value":"fromUserId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"fromUserId"}}},{"kind":"Argument","name":{"kind":"Name","value":"toEmail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"toEmail"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}}]}}]}}]} as unknown as DocumentNode<HandOverRoleMutation, HandOverRoleMutationVariables>;
export const MemberRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemberRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRecordFilter"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MemberRecordFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemberRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}}]}}]} as unknown as DocumentNode<MemberRecordsQuery, MemberRecordsQueryVariables>;
export const MemberRecordEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemberRecordEvents"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"events"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EventChoiceFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EventChoiceFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Event"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]} as unknown as DocumentNode<MemberRecordEventsQuery, MemberRecordEventsQueryVariables>;
export const MemberRecordsCsvDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemberRecordsCsv"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRecordFilter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberRecordsCsv"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<MemberRecordsCsvQuery, MemberRecordsCsvQueryVariables>;
export const MemberRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MemberRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"member"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MemberRecordFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"dietaryRequirements"}},{"kind":"Field","name":{"kind":"Name","value":"accessNeeds"}},{"kind":"Field","name":{"kind":"Name","value":"emergencyContact"}},{"kind":"Field","name":{"kind":"Name","value":"bio"}},{"kind":"Field","name":{"kind":"Name","value":"applications"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"applicationType"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"submittedAt"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"applicationId"}},{"kind":"Field","name":{"kind":"Name","value":"lineKey"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"recordedAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ticketOrders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscriptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listName"}},{"kind":"Field","name":{"kind":"Name","value":"listSlug"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"roleTerms"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"role"}},{"kind":"Field","name":{"kind":"Name","value":"startsAt"}},{"kind":"Field","name":{"kind":"Name","value":"endsAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"audit"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"25"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"actorId"}},{"kind":"Field","name":{"kind":"Name","value":"before"}},{"kind":"Field","name":{"kind":"Name","value":"after"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MemberRecordFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MemberRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"}},{"kind":"Field","name":{"kind":"Name","value":"roles"}},{"kind":"Field","name":{"kind":"Name","value":"joinedAt"}}]}}]} as unknown as DocumentNode<MemberRecordQuery, MemberRecordQueryVariables>;
export const UpdateMemberProfileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMemberProfile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"StaffProfileEditInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMemberProfile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}}]}}]}}]} as unknown as DocumentNode<UpdateMemberProfileMutation, UpdateMemberProfileMutationVariables>;
export const InactiveProfilesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InactiveProfiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retentionYears"}},{"kind":"Field","name":{"kind":"Name","value":"inactiveProfiles"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"lastActiveAt"}}]}}]}}]} as unknown as DocumentNode<InactiveProfilesQuery, InactiveProfilesQueryVariables>;
export const MyProfileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyProfile"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myProfile"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"emergencyContact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EmergencyContactFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instrument"}},{"kind":"Field","name":{"kind":"Name","value":"level"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dietaryRequirements"}},{"kind":"Field","name":{"kind":"Name","value":"accessNeeds"}},{"kind":"Field","name":{"kind":"Name","value":"bio"}},{"kind":"Field","name":{"kind":"Name","value":"socialListOptIn"}},{"kind":"Field","name":{"kind":"Name","value":"emailPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventAnnouncements"}},{"kind":"Field","name":{"kind":"Name","value":"reminders"}}]}},{"kind":"Field","name":{"kind":"Name","value":"photoUrl"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmergencyContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmergencyContact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"relationship"}}]}}]} as unknown as DocumentNode<MyProfileQuery, MyProfileQueryVariables>;
export const UpdateMyProfileDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateMyProfile"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ProfileInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateMyProfile"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"preferredName"}},{"kind":"Field","name":{"kind":"Name","value":"pronouns"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"emergencyContact"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"EmergencyContactFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"voicePart"}},{"kind":"Field","name":{"kind":"Name","value":"instruments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"instrument"}},{"kind":"Field","name":{"kind":"Name","value":"level"}}]}},{"kind":"Field","name":{"kind":"Name","value":"dietaryRequirements"}},{"kind":"Field","name":{"kind":"Name","value":"accessNeeds"}},{"kind":"Field","name":{"kind":"Name","value":"bio"}},{"kind":"Field","name":{"kind":"Name","value":"socialListOptIn"}},{"kind":"Field","name":{"kind":"Name","value":"emailPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventAnnouncements"}},{"kind":"Field","name":{"kind":"Name","value":"reminders"}}]}},{"kind":"Field","name":{"kind":"Name","value":"photoUrl"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"EmergencyContactFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"EmergencyContact"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"relationship"}}]}}]} as unknown as DocumentNode<UpdateMyProfileMutation, UpdateMyProfileMutationVariables>;
export const RemoveProfilePhotoDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveProfilePhoto"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeProfilePhoto"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"photoUrl"}}]}}]}}]} as unknown as DocumentNode<RemoveProfilePhotoMutation, RemoveProfilePhotoMutationVariables>;
export const DeleteMyAccountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteMyAccount"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"confirmEmail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteMyAccount"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"confirmEmail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"confirmEmail"}}}]}]}}]} as unknown as DocumentNode<DeleteMyAccountMutation, DeleteMyAccountMutationVariables>;
export const MyMailingListsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyMailingLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myMailingLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MySubscriptionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MySubscriptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MySubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscribed"}}]}}]} as unknown as DocumentNode<MyMailingListsQuery, MyMailingListsQueryVariables>;
export const SetMyMailingListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetMyMailingList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"slug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"subscribed"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setMyMailingList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"slug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"slug"}}},{"kind":"Argument","name":{"kind":"Name","value":"subscribed"},"value":{"kind":"Variable","name":{"kind":"Name","value":"subscribed"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MySubscriptionFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MySubscriptionFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MySubscription"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"subscribed"}}]}}]} as unknown as DocumentNode<SetMyMailingListMutation, SetMyMailingListMutationVariables>;
export const PushSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PushSettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pushPublicKey"}},{"kind":"Field","name":{"kind":"Name","value":"myProfile"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pushPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PushPreferencesFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PushPreferencesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PushPreferences"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offers"}},{"kind":"Field","name":{"kind":"Name","value":"releases"}},{"kind":"Field","name":{"kind":"Name","value":"showReveals"}},{"kind":"Field","name":{"kind":"Name","value":"ticketOffers"}}]}}]} as unknown as DocumentNode<PushSettingsQuery, PushSettingsQueryVariables>;
export const PushSubscriptionActiveDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PushSubscriptionActive"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"pushSubscriptionActive"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpoint"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}}}]}]}}]} as unknown as DocumentNode<PushSubscriptionActiveQuery, PushSubscriptionActiveQueryVariables>;
export const SubscribeToPushDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SubscribeToPush"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PushSubscriptionInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeToPush"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<SubscribeToPushMutation, SubscribeToPushMutationVariables>;
export const UnsubscribeFromPushDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UnsubscribeFromPush"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeFromPush"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"endpoint"},"value":{"kind":"Variable","name":{"kind":"Name","value":"endpoint"}}}]}]}}]} as unknown as DocumentNode<UnsubscribeFromPushMutation, UnsubscribeFromPushMutationVariables>;
export const UpdatePushPreferencesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePushPreferences"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PushPreferencesInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePushPreferences"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"pushPreferences"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PushPreferencesFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PushPreferencesFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PushPreferences"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"offers"}},{"kind":"Field","name":{"kind":"Name","value":"releases"}},{"kind":"Field","name":{"kind":"Name","value":"showReveals"}},{"kind":"Field","name":{"kind":"Name","value":"ticketOffers"}}]}}]} as unknown as DocumentNode<UpdatePushPreferencesMutation, UpdatePushPreferencesMutationVariables>;
export const SocietySettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SocietySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"societySettings"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SocietySettingsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SocietySettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SocietySettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shortName"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"accentColour"}},{"kind":"Field","name":{"kind":"Name","value":"supportEmail"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"referenceFormat"}}]}}]} as unknown as DocumentNode<SocietySettingsQuery, SocietySettingsQueryVariables>;
export const UpdateSocietySettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateSocietySettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SocietySettingsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateSocietySettings"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SocietySettingsFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SocietySettingsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SocietySettings"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"shortName"}},{"kind":"Field","name":{"kind":"Name","value":"logoUrl"}},{"kind":"Field","name":{"kind":"Name","value":"accentColour"}},{"kind":"Field","name":{"kind":"Name","value":"supportEmail"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"referenceFormat"}}]}}]} as unknown as DocumentNode<UpdateSocietySettingsMutation, UpdateSocietySettingsMutationVariables>;
export const BoxOfficeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BoxOffice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"boxOffice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"capacityLeft"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pricePence"}},{"kind":"Field","name":{"kind":"Name","value":"left"}},{"kind":"Field","name":{"kind":"Name","value":"sellable"}},{"kind":"Field","name":{"kind":"Name","value":"notes"}}]}}]}}]}}]} as unknown as DocumentNode<BoxOfficeQuery, BoxOfficeQueryVariables>;
export const SellAtBoxOfficeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SellAtBoxOffice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lines"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BasketLineInput"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"method"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DoorPaymentMethod"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"checkIn"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sellAtBoxOffice"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"lines"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lines"}}},{"kind":"Argument","name":{"kind":"Name","value":"method"},"value":{"kind":"Variable","name":{"kind":"Name","value":"method"}}},{"kind":"Argument","name":{"kind":"Name","value":"buyerName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}}},{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"checkIn"},"value":{"kind":"Variable","name":{"kind":"Name","value":"checkIn"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"orderToken"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"what"}},{"kind":"Field","name":{"kind":"Name","value":"checkedIn"}},{"kind":"Field","name":{"kind":"Name","value":"emailedTo"}},{"kind":"Field","name":{"kind":"Name","value":"tickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]} as unknown as DocumentNode<SellAtBoxOfficeMutation, SellAtBoxOfficeMutationVariables>;
export const DoorCountChangedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"DoorCountChanged"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"doorCountChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"checkedIn"}},{"kind":"Field","name":{"kind":"Name","value":"total"}}]}}]}}]} as unknown as DocumentNode<DoorCountChangedSubscription, DoorCountChangedSubscriptionVariables>;
export const DoorListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DoorList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"doorList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"downloadedAt"}},{"kind":"Field","name":{"kind":"Name","value":"entries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hash"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}}]}}]}}]}}]} as unknown as DocumentNode<DoorListQuery, DoorListQueryVariables>;
export const SyncCheckInsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SyncCheckIns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"scans"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OfflineScanInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"syncCheckIns"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"scans"},"value":{"kind":"Variable","name":{"kind":"Name","value":"scans"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"conflict"}},{"kind":"Field","name":{"kind":"Name","value":"payment"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DoorScanFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DoorScanFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketScan"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"headline"}},{"kind":"Field","name":{"kind":"Name","value":"moneyLine"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}},{"kind":"Field","name":{"kind":"Name","value":"orderOwedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}}]}}]} as unknown as DocumentNode<SyncCheckInsMutation, SyncCheckInsMutationVariables>;
export const DoorSummaryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"DoorSummary"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"doorSummary"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"checkedIn"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"matches"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketId"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"buyerName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}}]}}]}}]}}]} as unknown as DocumentNode<DoorSummaryQuery, DoorSummaryQueryVariables>;
export const MyTicketCountDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyTicketCount"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<MyTicketCountQuery, MyTicketCountQueryVariables>;
export const TicketOrderPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketOrderPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"payment"}},{"kind":"Field","name":{"kind":"Name","value":"buyerName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"soldPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"discountPence"}},{"kind":"Field","name":{"kind":"Name","value":"voucherCode"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bankTransfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"tickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"passedOn"}},{"kind":"Field","name":{"kind":"Name","value":"ticket"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyTicketFields"}}]}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyTicketFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MyTicket"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventStart"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeInfo"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"payBy"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancel"}},{"kind":"Field","name":{"kind":"Name","value":"transfer"}}]}}]}}]} as unknown as DocumentNode<TicketOrderPageQuery, TicketOrderPageQueryVariables>;
export const TicketOrderCardPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketOrderCardPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketOrderCardPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}]}]}}]} as unknown as DocumentNode<TicketOrderCardPaymentQuery, TicketOrderCardPaymentQueryVariables>;
export const TicketSeatingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketSeating"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketSeating"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"tableSize"}},{"kind":"Field","name":{"kind":"Name","value":"tickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"holderEmail"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderReference"}},{"kind":"Field","name":{"kind":"Name","value":"buyerName"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"seatText"}}]}}]}}]}}]} as unknown as DocumentNode<TicketSeatingQuery, TicketSeatingQueryVariables>;
export const AssignSeatDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AssignSeat"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"seat"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"assignSeat"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"seat"},"value":{"kind":"Variable","name":{"kind":"Name","value":"seat"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"seatText"}}]}}]}}]} as unknown as DocumentNode<AssignSeatMutation, AssignSeatMutationVariables>;
export const AutoSeatTablesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AutoSeatTables"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tableSize"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"autoSeatTables"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"tableSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tableSize"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seated"}},{"kind":"Field","name":{"kind":"Name","value":"tables"}}]}}]}}]} as unknown as DocumentNode<AutoSeatTablesMutation, AutoSeatTablesMutationVariables>;
export const SetTicketSeatingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetTicketSeating"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"mode"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SeatingMode"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"tableSize"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setTicketSeating"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"mode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"mode"}}},{"kind":"Argument","name":{"kind":"Name","value":"tableSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"tableSize"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"tableSize"}}]}}]}}]} as unknown as DocumentNode<SetTicketSeatingMutation, SetTicketSeatingMutationVariables>;
export const TicketByCodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketByCode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketByCode"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyTicketFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyTicketFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MyTicket"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventStart"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeInfo"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"payBy"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancel"}},{"kind":"Field","name":{"kind":"Name","value":"transfer"}}]}}]}}]} as unknown as DocumentNode<TicketByCodeQuery, TicketByCodeQueryVariables>;
export const TransferTicketDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TransferTicket"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"toName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"toEmail"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"transferTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"Argument","name":{"kind":"Name","value":"toName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"toName"}}},{"kind":"Argument","name":{"kind":"Name","value":"toEmail"},"value":{"kind":"Variable","name":{"kind":"Name","value":"toEmail"}}}]}]}}]} as unknown as DocumentNode<TransferTicketMutation, TransferTicketMutationVariables>;
export const CancelTicketDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CancelTicket"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancelTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}}]}]}}]} as unknown as DocumentNode<CancelTicketMutation, CancelTicketMutationVariables>;
export const HeldTicketOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"HeldTicketOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"heldTicketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"claimToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"claimToken"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"heldUntil"}},{"kind":"Field","name":{"kind":"Name","value":"fromWaitlist"}}]}}]}}]} as unknown as DocumentNode<HeldTicketOrderQuery, HeldTicketOrderQueryVariables>;
export const ConfirmTicketOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConfirmTicketOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"attendeeNames"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"payment"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketPayment"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmTicketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"claimToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"buyerName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}}},{"kind":"Argument","name":{"kind":"Name","value":"attendeeNames"},"value":{"kind":"Variable","name":{"kind":"Name","value":"attendeeNames"}}},{"kind":"Argument","name":{"kind":"Name","value":"payment"},"value":{"kind":"Variable","name":{"kind":"Name","value":"payment"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderToken"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"confirmBy"}},{"kind":"Field","name":{"kind":"Name","value":"tickets"}}]}}]}}]} as unknown as DocumentNode<ConfirmTicketOrderMutation, ConfirmTicketOrderMutationVariables>;
export const EmailedTicketOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EmailedTicketOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emailedTicketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"confirmBy"}}]}}]}}]} as unknown as DocumentNode<EmailedTicketOrderQuery, EmailedTicketOrderQueryVariables>;
export const ConfirmEmailedTicketOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConfirmEmailedTicketOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"token"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"confirmEmailedTicketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"token"},"value":{"kind":"Variable","name":{"kind":"Name","value":"token"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"orderId"}},{"kind":"Field","name":{"kind":"Name","value":"orderToken"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"tickets"}}]}}]}}]} as unknown as DocumentNode<ConfirmEmailedTicketOrderMutation, ConfirmEmailedTicketOrderMutationVariables>;
export const TicketSetupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketSetup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketAllocation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"capacity"}},{"kind":"Field","name":{"kind":"Name","value":"capacityLeft"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"pricePence"}},{"kind":"Field","name":{"kind":"Name","value":"quota"}},{"kind":"Field","name":{"kind":"Name","value":"taken"}},{"kind":"Field","name":{"kind":"Name","value":"perPersonLimit"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"info"}},{"kind":"Field","name":{"kind":"Name","value":"onSale"}},{"kind":"Field","name":{"kind":"Name","value":"saleStartsAt"}},{"kind":"Field","name":{"kind":"Name","value":"saleEndsAt"}},{"kind":"Field","name":{"kind":"Name","value":"hidden"}}]}}]}}]}}]} as unknown as DocumentNode<TicketSetupQuery, TicketSetupQueryVariables>;
export const SetUpTicketSaleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SetUpTicketSale"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketSaleInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"setUpTicketSale"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"capacity"}},{"kind":"Field","name":{"kind":"Name","value":"published"}}]}}]}}]} as unknown as DocumentNode<SetUpTicketSaleMutation, SetUpTicketSaleMutationVariables>;
export const UpdateTicketTypeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTicketType"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketTypeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTicketType"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<UpdateTicketTypeMutation, UpdateTicketTypeMutationVariables>;
export const RemoveTicketTypeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RemoveTicketType"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"removeTicketType"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<RemoveTicketTypeMutation, RemoveTicketTypeMutationVariables>;
export const CloseTicketTypeSaleDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CloseTicketTypeSale"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"closeTicketTypeSale"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}}]}}]}}]} as unknown as DocumentNode<CloseTicketTypeSaleMutation, CloseTicketTypeSaleMutationVariables>;
export const TicketVouchersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketVouchers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketVouchers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"typeIds"}},{"kind":"Field","name":{"kind":"Name","value":"uses"}},{"kind":"Field","name":{"kind":"Name","value":"maxUses"}},{"kind":"Field","name":{"kind":"Name","value":"expiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}}]}}]}}]} as unknown as DocumentNode<TicketVouchersQuery, TicketVouchersQueryVariables>;
export const CreateTicketVoucherDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTicketVoucher"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TicketVoucherInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTicketVoucher"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]} as unknown as DocumentNode<CreateTicketVoucherMutation, CreateTicketVoucherMutationVariables>;
export const DisableTicketVoucherDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DisableTicketVoucher"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"voucherId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"disableTicketVoucher"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"voucherId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"voucherId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"disabled"}}]}}]}}]} as unknown as DocumentNode<DisableTicketVoucherMutation, DisableTicketVoucherMutationVariables>;
export const TicketShopDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketShop"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketShop"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"event"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"startDate"}},{"kind":"Field","name":{"kind":"Name","value":"endDate"}},{"kind":"Field","name":{"kind":"Name","value":"venue"}}]}},{"kind":"Field","name":{"kind":"Name","value":"capacityLeft"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ShopTicketTypeFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BallotRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BallotRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShopTicketTypeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketType"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"info"}},{"kind":"Field","name":{"kind":"Name","value":"pricePence"}},{"kind":"Field","name":{"kind":"Name","value":"left"}},{"kind":"Field","name":{"kind":"Name","value":"perPersonLimit"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"onSale"}},{"kind":"Field","name":{"kind":"Name","value":"saleEndsAt"}},{"kind":"Field","name":{"kind":"Name","value":"drawnAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitlistLength"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketCount"}},{"kind":"Field","name":{"kind":"Name","value":"myWaitlistPosition"}},{"kind":"Field","name":{"kind":"Name","value":"myRequest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BallotRequestFields"}}]}}]}}]} as unknown as DocumentNode<TicketShopQuery, TicketShopQueryVariables>;
export const RequestBallotTicketsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RequestBallotTickets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"quantity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"groupCode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newGroupName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requestBallotTickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"quantity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"quantity"}}},{"kind":"Argument","name":{"kind":"Name","value":"groupCode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"groupCode"}}},{"kind":"Argument","name":{"kind":"Name","value":"newGroupName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newGroupName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BallotRequestFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BallotRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BallotRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}}]}}]} as unknown as DocumentNode<RequestBallotTicketsMutation, RequestBallotTicketsMutationVariables>;
export const JoinTicketWaitlistDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"JoinTicketWaitlist"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"quantity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"joinTicketWaitlist"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"quantity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"quantity"}}}]}]}}]} as unknown as DocumentNode<JoinTicketWaitlistMutation, JoinTicketWaitlistMutationVariables>;
export const MyTicketsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MyTickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"myTickets"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MyTicketFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MyTicketFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MyTicket"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}},{"kind":"Field","name":{"kind":"Name","value":"checkedInAt"}},{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"eventStart"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeInfo"}},{"kind":"Field","name":{"kind":"Name","value":"orderStatus"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"owedPence"}},{"kind":"Field","name":{"kind":"Name","value":"payBy"}},{"kind":"Field","name":{"kind":"Name","value":"receiptUrl"}},{"kind":"Field","name":{"kind":"Name","value":"viewerCan"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cancel"}},{"kind":"Field","name":{"kind":"Name","value":"transfer"}}]}}]}}]} as unknown as DocumentNode<MyTicketsQuery, MyTicketsQueryVariables>;
export const CheckInTicketDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CheckInTicket"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkInTicket"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DoorScanFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DoorScanFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketScan"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"headline"}},{"kind":"Field","name":{"kind":"Name","value":"moneyLine"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}},{"kind":"Field","name":{"kind":"Name","value":"orderOwedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}}]}}]} as unknown as DocumentNode<CheckInTicketMutation, CheckInTicketMutationVariables>;
export const PayAtDoorDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PayAtDoor"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"method"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DoorPaymentMethod"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"payAtDoor"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketId"}}},{"kind":"Argument","name":{"kind":"Name","value":"method"},"value":{"kind":"Variable","name":{"kind":"Name","value":"method"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DoorScanFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DoorScanFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketScan"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"verdict"}},{"kind":"Field","name":{"kind":"Name","value":"headline"}},{"kind":"Field","name":{"kind":"Name","value":"moneyLine"}},{"kind":"Field","name":{"kind":"Name","value":"at"}},{"kind":"Field","name":{"kind":"Name","value":"attendeeName"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"collectPence"}},{"kind":"Field","name":{"kind":"Name","value":"orderOwedPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"seat"}}]}}]} as unknown as DocumentNode<PayAtDoorMutation, PayAtDoorMutationVariables>;
export const TicketStatsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketStats"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"quota"}},{"kind":"Field","name":{"kind":"Name","value":"sold"}},{"kind":"Field","name":{"kind":"Name","value":"held"}},{"kind":"Field","name":{"kind":"Name","value":"checkedIn"}},{"kind":"Field","name":{"kind":"Name","value":"money"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TicketMoneyFields"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"total"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"TicketMoneyFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"byMethod"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MoneyByMethodFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"salesByDay"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"day"}},{"kind":"Field","name":{"kind":"Name","value":"tickets"}},{"kind":"Field","name":{"kind":"Name","value":"cumulative"}}]}},{"kind":"Field","name":{"kind":"Name","value":"ballots"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"supply"}},{"kind":"Field","name":{"kind":"Name","value":"requested"}},{"kind":"Field","name":{"kind":"Name","value":"participants"}},{"kind":"Field","name":{"kind":"Name","value":"others"}}]}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"buyerName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"TicketMoneyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketMoney"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"soldPence"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MoneyByMethodFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MoneyByMethod"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}},{"kind":"Field","name":{"kind":"Name","value":"methods"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"receivedPence"}},{"kind":"Field","name":{"kind":"Name","value":"refundedPence"}},{"kind":"Field","name":{"kind":"Name","value":"netPence"}}]}}]}}]} as unknown as DocumentNode<TicketStatsQuery, TicketStatsQueryVariables>;
export const TicketAllocationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TicketAllocation"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketAllocation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventSlug"}},{"kind":"Field","name":{"kind":"Name","value":"eventTitle"}},{"kind":"Field","name":{"kind":"Name","value":"capacity"}},{"kind":"Field","name":{"kind":"Name","value":"capacityLeft"}},{"kind":"Field","name":{"kind":"Name","value":"published"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"quota"}},{"kind":"Field","name":{"kind":"Name","value":"taken"}},{"kind":"Field","name":{"kind":"Name","value":"left"}},{"kind":"Field","name":{"kind":"Name","value":"drawnAt"}},{"kind":"Field","name":{"kind":"Name","value":"ballotSeed"}},{"kind":"Field","name":{"kind":"Name","value":"waitlistLength"}}]}},{"kind":"Field","name":{"kind":"Name","value":"requests"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketTypeId"}},{"kind":"Field","name":{"kind":"Name","value":"request"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"priority"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"drawPosition"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"orders"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"buyerName"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"discountPence"}},{"kind":"Field","name":{"kind":"Name","value":"voucherCode"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"outstandingPence"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"source"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"payBy"}},{"kind":"Field","name":{"kind":"Name","value":"cardRefundablePence"}},{"kind":"Field","name":{"kind":"Name","value":"payments"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"recordedAt"}}]}}]}}]}}]}}]} as unknown as DocumentNode<TicketAllocationQuery, TicketAllocationQueryVariables>;
export const RunBallotDrawDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RunBallotDraw"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"seed"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"runBallotDraw"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"ticketTypeId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ticketTypeId"}}},{"kind":"Argument","name":{"kind":"Name","value":"seed"},"value":{"kind":"Variable","name":{"kind":"Name","value":"seed"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"seed"}},{"kind":"Field","name":{"kind":"Name","value":"allocated"}},{"kind":"Field","name":{"kind":"Name","value":"winners"}},{"kind":"Field","name":{"kind":"Name","value":"waitlisted"}}]}}]}}]} as unknown as DocumentNode<RunBallotDrawMutation, RunBallotDrawMutationVariables>;
export const RecordTicketPaymentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RecordTicketPayment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"method"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentMethod"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"reference"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recordTicketPayment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amountPence"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}}},{"kind":"Argument","name":{"kind":"Name","value":"method"},"value":{"kind":"Variable","name":{"kind":"Name","value":"method"}}},{"kind":"Argument","name":{"kind":"Name","value":"reference"},"value":{"kind":"Variable","name":{"kind":"Name","value":"reference"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}}]}}]}}]} as unknown as DocumentNode<RecordTicketPaymentMutation, RecordTicketPaymentMutationVariables>;
export const StartTicketCardCheckoutDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"StartTicketCardCheckout"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"attendeeNames"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"startTicketCardCheckout"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"claimToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"buyerName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"buyerName"}}},{"kind":"Argument","name":{"kind":"Name","value":"attendeeNames"},"value":{"kind":"Variable","name":{"kind":"Name","value":"attendeeNames"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}}]}}]} as unknown as DocumentNode<StartTicketCardCheckoutMutation, StartTicketCardCheckoutMutationVariables>;
export const RefundTicketOrderByCardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RefundTicketOrderByCard"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"cancelOrder"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Boolean"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"refundTicketOrderByCard"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"orderId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"orderId"}}},{"kind":"Argument","name":{"kind":"Name","value":"amountPence"},"value":{"kind":"Variable","name":{"kind":"Name","value":"amountPence"}}},{"kind":"Argument","name":{"kind":"Name","value":"cancelOrder"},"value":{"kind":"Variable","name":{"kind":"Name","value":"cancelOrder"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"paidPence"}},{"kind":"Field","name":{"kind":"Name","value":"cardRefundablePence"}}]}}]}}]} as unknown as DocumentNode<RefundTicketOrderByCardMutation, RefundTicketOrderByCardMutationVariables>;
export const HoldTicketsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"HoldTickets"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lines"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BasketLineInput"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"previousClaimToken"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"voucherCode"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"holdTickets"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"lines"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lines"}}},{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"previousClaimToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"previousClaimToken"}}},{"kind":"Argument","name":{"kind":"Name","value":"voucherCode"},"value":{"kind":"Variable","name":{"kind":"Name","value":"voucherCode"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"HeldTicketOrderFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PaymentInstructionsFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"PaymentInstructions"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"method"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"accountName"}},{"kind":"Field","name":{"kind":"Name","value":"sortCode"}},{"kind":"Field","name":{"kind":"Name","value":"accountNumber"}},{"kind":"Field","name":{"kind":"Name","value":"note"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"HeldTicketOrderFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"HeldTicketOrder"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"claimToken"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"amountPence"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"heldUntil"}},{"kind":"Field","name":{"kind":"Name","value":"reference"}},{"kind":"Field","name":{"kind":"Name","value":"payByCard"}},{"kind":"Field","name":{"kind":"Name","value":"lines"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ticketTypeId"}},{"kind":"Field","name":{"kind":"Name","value":"typeName"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"unitPricePence"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bankTransfer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PaymentInstructionsFields"}}]}}]}}]} as unknown as DocumentNode<HoldTicketsMutation, HoldTicketsMutationVariables>;
export const ReleaseHeldTicketOrderDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReleaseHeldTicketOrder"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"releaseHeldTicketOrder"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"claimToken"},"value":{"kind":"Variable","name":{"kind":"Name","value":"claimToken"}}}]}]}}]} as unknown as DocumentNode<ReleaseHeldTicketOrderMutation, ReleaseHeldTicketOrderMutationVariables>;
export const CheckTicketVoucherDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CheckTicketVoucher"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"code"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lines"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"BasketLineInput"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkTicketVoucher"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"eventSlug"},"value":{"kind":"Variable","name":{"kind":"Name","value":"eventSlug"}}},{"kind":"Argument","name":{"kind":"Name","value":"code"},"value":{"kind":"Variable","name":{"kind":"Name","value":"code"}}},{"kind":"Argument","name":{"kind":"Name","value":"lines"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lines"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"amount"}},{"kind":"Field","name":{"kind":"Name","value":"typeIds"}},{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"unlockedTypes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ShopTicketTypeFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"BallotRequestFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"BallotRequest"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"groupName"}},{"kind":"Field","name":{"kind":"Name","value":"groupCode"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ShopTicketTypeFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TicketType"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"info"}},{"kind":"Field","name":{"kind":"Name","value":"pricePence"}},{"kind":"Field","name":{"kind":"Name","value":"left"}},{"kind":"Field","name":{"kind":"Name","value":"perPersonLimit"}},{"kind":"Field","name":{"kind":"Name","value":"audience"}},{"kind":"Field","name":{"kind":"Name","value":"mode"}},{"kind":"Field","name":{"kind":"Name","value":"onSale"}},{"kind":"Field","name":{"kind":"Name","value":"saleEndsAt"}},{"kind":"Field","name":{"kind":"Name","value":"drawnAt"}},{"kind":"Field","name":{"kind":"Name","value":"waitlistLength"}},{"kind":"Field","name":{"kind":"Name","value":"myTicketCount"}},{"kind":"Field","name":{"kind":"Name","value":"myWaitlistPosition"}},{"kind":"Field","name":{"kind":"Name","value":"myRequest"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"BallotRequestFields"}}]}}]}}]} as unknown as DocumentNode<CheckTicketVoucherQuery, CheckTicketVoucherQueryVariables>;