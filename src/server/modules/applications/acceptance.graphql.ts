import { APPLICATION_STATUSES, allowedActions, type ApplicationStatus } from '#core/applications/status.ts'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import type { OwedLine } from '#core/applications/payments.ts'
import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { PAYMENT_METHODS, type PaymentRow } from '#server/payments/payment-provider.ts'
import {
  DECISION_ACTIONS,
  type AcceptanceEntry,
  type DecisionPlanItem,
  type TypeSummary,
} from './acceptance.service.ts'
import { ApplicationRef, ApplicationStatusEnum, paymentsOf } from './application.graphql.ts'
import {
  EMAIL_TEMPLATE_KEYS,
  TEMPLATE_PLACEHOLDERS,
  type EmailTemplate,
  type EmailTemplateKey,
} from './email-templates.ts'

const actorOf = (ctx: GraphQLContext) => ({ actor: ctx.viewer, requestId: ctx.requestId })

export const DecisionActionEnum = builder.enumType('DecisionAction', { values: DECISION_ACTIONS })
export const PaymentMethodEnum = builder.enumType('PaymentMethod', { values: PAYMENT_METHODS })

const statusField = (s: ApplicationStatus) => s.toLowerCase() as Lowercase<ApplicationStatus>

const ApplicationStatusCountsRef = builder
  .objectRef<Record<ApplicationStatus, number>>('ApplicationStatusCounts')
  .implement({
    description: 'How many applications are in each status.',
    fields: (t) =>
      Object.fromEntries(
        APPLICATION_STATUSES.map((s) => [statusField(s), t.int({ resolve: (counts) => counts[s] ?? 0 })]),
      ) as Record<Lowercase<ApplicationStatus>, ReturnType<typeof t.int>>,
  })

const RecordedPaymentRef = builder.objectRef<PaymentRow>('RecordedPayment').implement({
  description: 'A payment (or, negative, a refund) recorded against one payment line.',
  fields: (t) => ({
    id: t.exposeID('id'),
    lineKey: t.exposeString('lineKey'),
    amountPence: t.exposeInt('amountPence'),
    method: t.exposeString('method'),
    reference: t.exposeString('reference'),
    provider: t.exposeString('provider'),
    recordedAt: t.expose('recordedAt', { type: 'DateTime' }),
  }),
})

const PaymentLedgerLineRef = builder.objectRef<OwedLine>('PaymentLedgerLine').implement({
  description: 'One payment line of an application with what has been paid against it.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    amountPence: t.exposeInt('amountPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    paid: t.exposeBoolean('paid'),
  }),
})

builder.objectField(ApplicationRef, 'payments', (t) =>
  t.field({
    type: [RecordedPaymentRef],
    description: 'Payments recorded against this application (its applicant and admins).',
    resolve: async (application, _args, ctx) => {
      if (!ctx.viewer || (ctx.viewer.id !== application.userId && !can(ctx.viewer, 'admin.general')))
        return []
      return paymentsOf(application, ctx)
    },
  }),
)

const AcceptanceTypeRef = builder.objectRef<TypeSummary>('AcceptanceType').implement({
  description: 'One application type of an event: capacity and where its applications stand.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    capacity: t.exposeInt('capacity', { nullable: true }),
    counts: t.field({ type: ApplicationStatusCountsRef, resolve: (s) => s.counts }),
    placesHeld: t.exposeInt('placesHeld', { description: 'Offered, confirmed and paid.' }),
    placesLeft: t.exposeInt('placesLeft', { nullable: true, description: 'Null when there is no capacity.' }),
    offerExpiryDays: t.exposeInt('offerExpiryDays'),
    autoOfferFromWaitlist: t.exposeBoolean('autoOfferFromWaitlist'),
  }),
})

const AcceptanceEntryRef = builder.objectRef<AcceptanceEntry>('AcceptanceEntry').implement({
  description: 'An application as the acceptance page shows it.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.application.id }),
    application: t.field({ type: ApplicationRef, resolve: (e) => e.application }),
    slug: t.string({ resolve: (e) => e.application.slug }),
    applicationType: t.string({ resolve: (e) => e.application.applicationType }),
    status: t.field({ type: ApplicationStatusEnum, resolve: (e) => e.application.status }),
    version: t.int({ resolve: (e) => e.application.version }),
    statusChangedAt: t.field({ type: 'DateTime', resolve: (e) => e.application.statusChangedAt }),
    submittedAt: t.field({ type: 'DateTime', resolve: (e) => e.application.submittedAt }),
    offerExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (e) => e.application.offerExpiresAt,
    }),
    part: t.string({ nullable: true, resolve: (e) => e.application.part }),
    applicantName: t.string({ resolve: (e) => e.applicant.name }),
    applicantEmail: t.string({ resolve: (e) => e.applicant.email }),
    owedPence: t.int({
      description: 'The total of the type’s payment lines.',
      resolve: (e) => e.ledger.reduce((sum, l) => sum + l.amountPence, 0),
    }),
    outstandingPence: t.int({ resolve: (e) => e.ledger.reduce((sum, l) => sum + l.outstandingPence, 0) }),
    ledger: t.field({
      type: [PaymentLedgerLineRef],
      description:
        'Per payment line (query one application with acceptanceApplication: lists in lists cost too much).',
      resolve: (e) => e.ledger,
    }),
    payments: t.field({ type: [RecordedPaymentRef], resolve: (e) => e.payments }),
    canRecordPayment: t.boolean({
      resolve: (e, _args, ctx) =>
        allowedActions(
          ctx.viewer,
          { userId: e.application.userId, status: e.application.status, event: { signupDeadline: null } },
          new Date(),
        ).recordPayment,
    }),
  }),
})

interface Overview {
  event: { id: string; slug: string; title: string }
  types: TypeSummary[]
  applications: AcceptanceEntry[]
}

const AcceptanceOverviewRef = builder.objectRef<Overview>('AcceptanceOverview').implement({
  fields: (t) => ({
    eventId: t.id({ resolve: (o) => o.event.id }),
    eventSlug: t.string({ resolve: (o) => o.event.slug }),
    eventTitle: t.string({ resolve: (o) => o.event.title }),
    types: t.field({ type: [AcceptanceTypeRef], resolve: (o) => o.types }),
    applications: t.field({ type: [AcceptanceEntryRef], resolve: (o) => o.applications }),
  }),
})

interface EventSummary {
  event: { id: string; slug: string; title: string; startDate: Date }
  counts: Record<ApplicationStatus, number>
}

const AcceptanceEventRef = builder.objectRef<EventSummary>('AcceptanceEvent').implement({
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.event.id }),
    slug: t.string({ resolve: (e) => e.event.slug }),
    title: t.string({ resolve: (e) => e.event.title }),
    startDate: t.field({ type: 'DateTime', resolve: (e) => e.event.startDate }),
    counts: t.field({ type: ApplicationStatusCountsRef, resolve: (e) => e.counts }),
  }),
})

const DecisionEmailRef = builder
  .objectRef<NonNullable<DecisionPlanItem['email']>>('DecisionEmail')
  .implement({
    fields: (t) => ({
      template: t.exposeString('template'),
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
    }),
  })

const DecisionPreviewRef = builder.objectRef<DecisionPlanItem>('DecisionPreview').implement({
  description: 'What a decision would do to one application, and the email that would go.',
  fields: (t) => ({
    applicationId: t.id({ resolve: (i) => i.application.id }),
    applicantName: t.string({ resolve: (i) => i.applicant.name }),
    applicantEmail: t.string({ resolve: (i) => i.applicant.email }),
    currentStatus: t.field({ type: ApplicationStatusEnum, resolve: (i) => i.currentStatus }),
    resultingStatus: t.field({
      type: ApplicationStatusEnum,
      nullable: true,
      resolve: (i) => i.resultingStatus,
    }),
    refusal: t.exposeString('refusal', { nullable: true }),
    offerExpiresAt: t.expose('offerExpiresAt', { type: 'DateTime', nullable: true }),
    email: t.field({ type: DecisionEmailRef, nullable: true, resolve: (i) => i.email }),
  }),
})

type TemplateWithDefaults = EmailTemplate & {
  customised: boolean
  defaultSubject: string
  defaultBody: string
}

const EmailTemplateRef = builder.objectRef<TemplateWithDefaults>('EmailTemplate').implement({
  description: 'An application email, as staff last saved it or the default.',
  fields: (t) => ({
    key: t.exposeString('key'),
    subject: t.exposeString('subject'),
    body: t.exposeString('body', { description: 'Markdown with {{placeholders}}.' }),
    customised: t.exposeBoolean('customised'),
    defaultSubject: t.exposeString('defaultSubject'),
    defaultBody: t.exposeString('defaultBody'),
  }),
})

const TemplatePlaceholderRef = builder
  .objectRef<{ name: string; description: string }>('EmailTemplatePlaceholder')
  .implement({
    fields: (t) => ({ name: t.exposeString('name'), description: t.exposeString('description') }),
  })

const RenderedEmailRef = builder
  .objectRef<{ subject: string; text: string; html?: string | undefined }>('RenderedEmail')
  .implement({
    fields: (t) => ({
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
      html: t.string({ resolve: (r) => r.html ?? '' }),
    }),
  })

function templateKey(key: string): EmailTemplateKey {
  if (!(EMAIL_TEMPLATE_KEYS as readonly string[]).includes(key)) {
    throw new AppError('NOT_FOUND', `No email template "${key}".`)
  }
  return key as EmailTemplateKey
}

builder.queryFields((t) => ({
  acceptanceEvents: t.field({
    type: [AcceptanceEventRef],
    description: 'Events with application types, soonest first, with counts per status (admins).',
    resolve: (_root, _args, ctx) => ctx.acceptance.events(ctx.viewer),
  }),
  acceptanceOverview: t.field({
    type: AcceptanceOverviewRef,
    description: 'Capacity per application type and every application of the event (admins).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.acceptance.overview(ctx.viewer, args.eventSlug),
  }),
  acceptanceApplication: t.field({
    type: AcceptanceEntryRef,
    description: 'One application with its payment lines and payments (admins).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.acceptance.entry(ctx.viewer, String(args.id)),
  }),
  previewDecisions: t.field({
    type: [DecisionPreviewRef],
    description: 'What decideApplications would do and which emails would go, without changing anything.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationIds: t.arg.idList({ required: true }),
      action: t.arg({ type: DecisionActionEnum, required: true }),
      offerExpiresAt: t.arg({ type: 'DateTime', required: false }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.acceptance.preview(ctx.viewer, {
        eventSlug: args.eventSlug,
        applicationIds: args.applicationIds.map(String),
        action: args.action,
        offerExpiresAt: args.offerExpiresAt ?? null,
        notify: args.notify ?? true,
      }),
  }),
  emailTemplates: t.field({
    type: [EmailTemplateRef],
    description: 'The application emails staff can edit (admins).',
    resolve: (_root, _args, ctx) => ctx.acceptance.templates(ctx.viewer),
  }),
  emailTemplatePlaceholders: t.field({
    type: [TemplatePlaceholderRef],
    description: 'What an email template may use, each as {{name}}.',
    resolve: (_root, _args, ctx) => {
      requireCapability(ctx, 'admin.general')
      return Object.entries(TEMPLATE_PLACEHOLDERS).map(([name, description]) => ({ name, description }))
    },
  }),
  previewEmailTemplate: t.field({
    type: RenderedEmailRef,
    description: 'Render a template (saved or not) with sample values.',
    args: {
      key: t.arg.string({ required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.general')
      return ctx.acceptance.previewTemplate(ctx.viewer, templateKey(args.key), args.subject, args.body)
    },
  }),
}))

builder.mutationFields((t) => ({
  decideApplications: t.field({
    type: [ApplicationRef],
    description:
      'Offer, waitlist, reject or cancel applications, all or none: any refusal (status, capacity, a stale version) changes nothing and comes back as CONFLICT naming each.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      applicationIds: t.arg.idList({ required: true }),
      action: t.arg({ type: DecisionActionEnum, required: true }),
      offerExpiresAt: t.arg({
        type: 'DateTime',
        required: false,
        description: 'Defaults to now plus the type’s offerExpiryDays.',
      }),
      expectedVersions: t.arg.intList({
        required: false,
        description: 'The version each application had on screen, in the same order.',
      }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.acceptance.decide(actorOf(ctx), {
        eventSlug: args.eventSlug,
        applicationIds: args.applicationIds.map(String),
        action: args.action,
        offerExpiresAt: args.offerExpiresAt ?? null,
        expectedVersions: args.expectedVersions ?? null,
        notify: args.notify ?? true,
      }),
  }),
  promoteFromWaitlist: t.field({
    type: ApplicationRef,
    nullable: true,
    description:
      'Offer a place to the next on the waitlist of a type; null when nobody is waiting. CONFLICT when the type is full.',
    args: { eventSlug: t.arg.string({ required: true }), type: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const result = await ctx.acceptance.promoteBySlug(actorOf(ctx), args.eventSlug, args.type)
      if (result.reason === 'full') throw new AppError('CONFLICT', 'Every place of this type is held.')
      return result.row
    },
  }),
  addLateApplication: t.field({
    type: ApplicationRef,
    description: 'Add a member’s application after the deadline or to a closed type (admins).',
    args: {
      eventSlug: t.arg.string({ required: true }),
      userEmail: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      answers: t.arg({ type: 'JSON', required: false }),
      notify: t.arg.boolean({ required: false, defaultValue: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.acceptance.addLateApplication(actorOf(ctx), {
        eventSlug: args.eventSlug,
        userEmail: args.userEmail,
        type: args.type,
        answers: args.answers ?? undefined,
        notify: args.notify ?? true,
      }),
  }),
  updateEmailTemplate: t.field({
    type: EmailTemplateRef,
    args: {
      key: t.arg.string({ required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.general')
      return ctx.acceptance.updateTemplate(actorOf(ctx), templateKey(args.key), args.subject, args.body)
    },
  }),
  resetEmailTemplate: t.field({
    type: EmailTemplateRef,
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.general')
      return ctx.acceptance.resetTemplate(actorOf(ctx), templateKey(args.key))
    },
  }),
  recordPayment: t.field({
    type: ApplicationRef,
    description:
      'Record a payment (negative: a refund) against a payment line of a confirmed or paid application; all lines paid makes it PAID.',
    args: {
      applicationId: t.arg.id({ required: true }),
      lineKey: t.arg.string({ required: true }),
      amountPence: t.arg.int({ required: true }),
      method: t.arg({ type: PaymentMethodEnum, required: true }),
      reference: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const { application } = await ctx.acceptance.recordPayment(actorOf(ctx), {
        applicationId: String(args.applicationId),
        lineKey: args.lineKey,
        amountPence: args.amountPence,
        method: args.method,
        reference: args.reference ?? '',
      })
      return application
    },
  }),
}))
