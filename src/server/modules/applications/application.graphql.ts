import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { APPLICATION_STATUSES, type ViewerCan } from '#core/applications/status.ts'
import type { DiversityQuestion } from '#core/applications/diversity.ts'
import { totalOutstanding, type OwedLine } from '#core/applications/payments.ts'
import { parseEventConfig, QUESTION_KINDS, type Question } from '#core/events/event-config.schemas.ts'
import { SIGNUP_CLOSED_MESSAGES } from '#core/events/signup.ts'
import type { applications, events } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { requireViewer } from '#server/graphql/guards.ts'
import { MAX_PAGE_SIZE } from '#server/graphql/limits.ts'
import { EventRef } from '#server/modules/events/event.graphql.ts'
import type { PaymentRow } from '#server/payments/payment-provider.ts'
import type { ApplicationForm, ProfilePrefill } from './application.service.ts'

type ApplicationRow = typeof applications.$inferSelect

export const ApplicationStatusEnum = builder.enumType('ApplicationStatus', { values: APPLICATION_STATUSES })

const eventOf = (a: ApplicationRow, ctx: GraphQLContext) => EventRef.getDataloader(ctx).load(a.eventId)

/** Payments are loaded in batches: `owed`, `outstandingPence` and `payments` of a list share one query. */
const paymentLoader = createContextCache(
  (ctx: GraphQLContext) => new DataLoader<string, PaymentRow[]>((ids) => ctx.applications.payments(ids)),
)
export const paymentsOf = (a: ApplicationRow, ctx: GraphQLContext) => paymentLoader(ctx).load(a.id)

async function owedOf(a: ApplicationRow, ctx: GraphQLContext) {
  const [event, paid] = await Promise.all([eventOf(a, ctx), paymentsOf(a, ctx)])
  return ctx.applications.owed(a, event, paid)
}

const ViewerCanRef = builder.objectRef<ViewerCan>('ViewerCan').implement({
  description: 'What the viewer may do to an application now, by the status machine.',
  fields: (t) => ({
    edit: t.exposeBoolean('edit'),
    withdraw: t.exposeBoolean('withdraw'),
    accept: t.exposeBoolean('accept'),
    decline: t.exposeBoolean('decline'),
    offer: t.exposeBoolean('offer'),
    waitlist: t.exposeBoolean('waitlist'),
    reject: t.exposeBoolean('reject'),
    cancel: t.exposeBoolean('cancel'),
    recordPayment: t.exposeBoolean('recordPayment'),
  }),
})

const OwedLineRef = builder.objectRef<OwedLine>('OwedLine').implement({
  description: 'One payment line of the application type, with what has been paid against it.',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    amountPence: t.exposeInt('amountPence'),
    dueDate: t.string({ nullable: true, resolve: (l) => l.dueDate ?? null }),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    paid: t.exposeBoolean('paid'),
  }),
})

export const ApplicationRef = builder.objectRef<ApplicationRow>('Application').implement({
  description: 'An application to an event, seen by its applicant (or a committee member).',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    applicationType: t.exposeString('applicationType'),
    applicationTypeLabel: t.string({
      resolve: async (a, _args, ctx) =>
        parseEventConfig((await eventOf(a, ctx)).eventConfig).applicationTypes[a.applicationType]?.label ??
        a.applicationType,
    }),
    status: t.field({ type: ApplicationStatusEnum, resolve: (a) => a.status }),
    answers: t.field({ type: 'JSON', resolve: (a) => a.answers }),
    part: t.exposeString('part', { nullable: true }),
    offerExpiresAt: t.expose('offerExpiresAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    version: t.exposeInt('version'),
    event: t.field({ type: EventRef, resolve: (a) => a.eventId }),
    viewerCan: t.field({
      type: ViewerCanRef,
      resolve: async (a, _args, ctx) => ctx.applications.viewerCan(ctx.viewer, a, await eventOf(a, ctx)),
    }),
    owed: t.field({
      type: [OwedLineRef],
      description:
        'The payment lines of this type with paid and outstanding amounts (a type has at most 20; pass a literal limit so the query is costed by it).',
      args: { limit: t.arg.int({ required: false, defaultValue: 20 }) },
      resolve: async (a, args, ctx) => (await owedOf(a, ctx)).slice(0, pageSize(args.limit, 20)),
    }),
    outstandingPence: t.int({
      resolve: async (a, _args, ctx) => totalOutstanding(await owedOf(a, ctx)),
    }),
    diversityAnswered: t.loadable({
      type: 'Boolean',
      description: 'Whether the diversity survey of this application has been answered.',
      load: (ids: string[], ctx: GraphQLContext) => ctx.applications.diversityAnswered(ids),
      resolve: (a) => a.id,
    }),
  }),
})

const QuestionKindEnum = builder.enumType('QuestionKind', { values: QUESTION_KINDS })

const FormQuestionRef = builder.objectRef<Question>('FormQuestion').implement({
  description:
    'One extra question of an application form. `key` is its answer’s key (not a global id, so caches do not merge questions of different events).',
  fields: (t) => ({
    key: t.string({ resolve: (q) => q.id }),
    label: t.exposeString('label'),
    kind: t.field({ type: QuestionKindEnum, resolve: (q) => q.kind }),
    required: t.exposeBoolean('required'),
    help: t.string({ nullable: true, resolve: (q) => q.help ?? null }),
    options: t.stringList({ nullable: true, resolve: (q) => q.options ?? null }),
    maxLength: t.int({ nullable: true, resolve: (q) => q.maxLength ?? null }),
  }),
})

const EmergencyContactRef = builder
  .objectRef<NonNullable<ProfilePrefill['emergencyContact']>>('EmergencyContact')
  .implement({
    fields: (t) => ({
      name: t.exposeString('name'),
      phone: t.exposeString('phone'),
      relationship: t.exposeString('relationship'),
    }),
  })

const ProfilePrefillRef = builder.objectRef<ProfilePrefill>('ProfileEssentials').implement({
  description: 'The profile details every application needs, as the member last gave them.',
  fields: (t) => ({
    name: t.exposeString('name'),
    phone: t.exposeString('phone', { nullable: true }),
    emergencyContact: t.field({
      type: EmergencyContactRef,
      nullable: true,
      resolve: (p) => p.emergencyContact,
    }),
  }),
})

const ApplicationFormRef = builder.objectRef<ApplicationForm>('ApplicationForm').implement({
  description: 'What a member needs to apply for one type of an event.',
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (f) => f.event }),
    applicationType: t.exposeString('type'),
    label: t.string({ resolve: (f) => f.config.label }),
    auditionRequired: t.boolean({ resolve: (f) => f.config.auditionRequired }),
    questions: t.field({ type: [FormQuestionRef], resolve: (f) => f.config.questions }),
    closedReason: t.string({
      nullable: true,
      description: 'Why members cannot apply now (DEADLINE_PASSED, TYPE_CLOSED…), or null when open.',
      resolve: (f) => f.closedReason,
    }),
    closedMessage: t.string({
      nullable: true,
      resolve: (f) => (f.closedReason ? SIGNUP_CLOSED_MESSAGES[f.closedReason] : null),
    }),
    profile: t.field({ type: ProfilePrefillRef, resolve: (f) => f.profile }),
    draft: t.field({
      type: 'JSON',
      nullable: true,
      description: '{ profile, answers } as last autosaved.',
      resolve: (f) => f.draft,
    }),
    application: t.field({
      type: ApplicationRef,
      nullable: true,
      description: "The member's application of this type, when they have applied.",
      resolve: (f) => f.application,
    }),
  }),
})

const DiversityQuestionRef = builder.objectRef<DiversityQuestion>('DiversityQuestion').implement({
  fields: (t) => ({
    key: t.string({ resolve: (q) => q.id }),
    label: t.exposeString('label'),
    options: t.stringList({ resolve: (q) => [...q.options] }),
  }),
})

interface DiversitySurvey {
  event: typeof events.$inferSelect
  questions: readonly DiversityQuestion[]
  applications: ApplicationRow[]
}

const DiversitySurveyRef = builder.objectRef<DiversitySurvey>('DiversitySurvey').implement({
  description: 'The optional diversity survey, and which of the member’s applications have answered it.',
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (s) => s.event }),
    questions: t.field({ type: [DiversityQuestionRef], resolve: (s) => [...s.questions] }),
    applications: t.field({ type: [ApplicationRef], resolve: (s) => s.applications }),
  }),
})

interface ReportQuestion {
  id: string
  label: string
  counts: { answer: string; count: string }[]
}
const DiversityCountRef = builder.objectRef<{ answer: string; count: string }>('DiversityCount').implement({
  fields: (t) => ({
    answer: t.exposeString('answer'),
    count: t.exposeString('count', { description: 'A number, or "<5" for 1 to 4.' }),
  }),
})
const DiversityReportQuestionRef = builder.objectRef<ReportQuestion>('DiversityReportQuestion').implement({
  fields: (t) => ({
    key: t.string({ resolve: (q) => q.id }),
    label: t.exposeString('label'),
    counts: t.field({
      type: [DiversityCountRef],
      description:
        'Per answer (a question has at most 10); pass a literal limit so the query is costed by it.',
      args: { limit: t.arg.int({ required: false, defaultValue: 10 }) },
      resolve: (q, args) => q.counts.slice(0, pageSize(args.limit, 10)),
    }),
  }),
})
const DiversityReportRef = builder
  .objectRef<{ event: DiversitySurvey['event']; total: string; questions: ReportQuestion[] }>(
    'DiversityReport',
  )
  .implement({
    description: 'An event’s diversity survey in aggregate: never names, never per application.',
    fields: (t) => ({
      event: t.field({ type: EventRef, resolve: (r) => r.event }),
      total: t.exposeString('total', { description: 'How many answered: a number, or "<5".' }),
      questions: t.field({ type: [DiversityReportQuestionRef], resolve: (r) => r.questions }),
    }),
  })

/** A list's size from its `limit` argument: at least 1, at most `max`. */
const pageSize = (limit: number | null | undefined, max: number) => Math.max(1, Math.min(limit ?? max, max))

const request = (ctx: GraphQLContext) => ({ viewer: ctx.viewer, requestId: ctx.requestId })

builder.queryField('myApplications', (t) =>
  t.field({
    type: [ApplicationRef],
    description:
      "The signed-in member's own applications, every status, newest first (the sidebar applies the navigation rules).",
    args: { limit: t.arg.int({ required: false, defaultValue: MAX_PAGE_SIZE }) },
    resolve: async (_root, args, ctx) =>
      (await ctx.applications.listMine(requireViewer(ctx))).slice(0, pageSize(args.limit, MAX_PAGE_SIZE)),
  }),
)

builder.queryField('application', (t) =>
  t.field({
    type: ApplicationRef,
    description: "One application: the member's own, or anyone's for admins. Others' are NOT_FOUND.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => ctx.applications.get(requireViewer(ctx), String(args.id)),
  }),
)

builder.queryField('applicationForm', (t) =>
  t.field({
    type: ApplicationFormRef,
    description:
      'The form of one application type of an event, with prefill, draft and any existing application.',
    args: { eventSlug: t.arg.string({ required: true }), type: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.applications.form(request(ctx), args.eventSlug, args.type),
  }),
)

builder.queryField('diversitySurvey', (t) =>
  t.field({
    type: DiversitySurveyRef,
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.applications.diversitySurvey(request(ctx), args.eventSlug),
  }),
)

builder.queryField('diversityReport', (t) =>
  t.field({
    type: DiversityReportRef,
    description: 'Admins (admin.general): the survey of an event in aggregate, small groups shown as "<5".',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.applications.diversityReport(request(ctx), args.eventSlug),
  }),
)

builder.mutationField('saveApplicationDraft', (t) =>
  t.field({
    type: 'DateTime',
    description: 'Autosave the form as typed so far ({ profile, answers }); returns when it was saved.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      data: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.applications.saveDraft(request(ctx), args.eventSlug, args.type, args.data),
  }),
)

builder.mutationField('submitApplication', (t) =>
  t.field({
    type: ApplicationRef,
    description: 'Apply. Idempotent: submitting again returns the same application.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      profile: t.arg({ type: 'JSON', required: true }),
      answers: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.applications.submit(request(ctx), args.eventSlug, args.type, args.profile, args.answers),
  }),
)

builder.mutationField('updateApplicationAnswers', (t) =>
  t.field({
    type: ApplicationRef,
    description: 'Change the answers while the application is SUBMITTED and the deadline has not passed.',
    args: {
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int({ required: true }),
      profile: t.arg({ type: 'JSON', required: true }),
      answers: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.applications.updateAnswers(
        request(ctx),
        String(args.id),
        args.expectedVersion,
        args.profile,
        args.answers,
      ),
  }),
)

/**
 * After a member gives up an offered place, the acceptance service offers it to the next on the
 * waitlist when the type has autoOfferFromWaitlist (it decides; without an actor it only does so then).
 */
async function afterPlaceFreed(ctx: GraphQLContext, before: ApplicationRow, after: ApplicationRow) {
  if (before.status !== 'OFFERED') return
  try {
    await ctx.acceptance.promoteFromWaitlist(after.eventId, after.applicationType, {
      actor: null,
      requestId: ctx.requestId,
    })
  } catch (err) {
    // NOTE: the member's own change is committed; a failed promotion must not report it as failed.
    ctx.request?.log.error({ err, applicationId: after.id }, 'could not promote from the waitlist')
  }
}

builder.mutationField('withdrawApplication', (t) =>
  t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }), expectedVersion: t.arg.int({ required: false }) },
    resolve: async (_root, args, ctx) => {
      const { before, after } = await ctx.applications.withdraw(
        request(ctx),
        String(args.id),
        args.expectedVersion ?? undefined,
      )
      await afterPlaceFreed(ctx, before, after)
      return after
    },
  }),
)

builder.mutationField('acceptOffer', (t) =>
  t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await ctx.applications.accept(request(ctx), String(args.id))).after,
  }),
)

builder.mutationField('declineOffer', (t) =>
  t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { before, after } = await ctx.applications.decline(request(ctx), String(args.id))
      await afterPlaceFreed(ctx, before, after)
      return after
    },
  }),
)

builder.mutationField('submitDiversitySurvey', (t) =>
  t.field({
    type: ApplicationRef,
    description:
      'Answer the optional diversity survey of one’s own application, once (stored without a name).',
    args: { applicationId: t.arg.id({ required: true }), answers: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, ctx) =>
      ctx.applications.submitDiversity(request(ctx), String(args.applicationId), args.answers),
  }),
)
