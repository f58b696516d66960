// Admin casting (PRODUCT.md §6 Casting): the filtered list of an event's applications, the detail's
// admin-only fields on Application, reviews, part assignment and live changes. Everything here
// demands admin.general; the service checks it again.
import { createContextCache } from '@pothos/core'
import DataLoader from 'dataloader'
import { eq, inArray } from 'drizzle-orm'
import { fileAnswerSchema } from '#core/applications/application.schemas.ts'
import { parseEventConfig, type Question } from '#core/events/event-config.schemas.ts'
import { profiles, users } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { EventRef, EventTypeEnum } from '#server/modules/events/event.graphql.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'
import { ApplicationRef, ApplicationStatusEnum } from './application.graphql.ts'
import {
  CASTING_SORT_FIELDS,
  type CastingCount,
  type CastingFilter,
  type CastingPage,
  type CastingRow,
  type CastingSort,
  type PastParticipation,
  type Review,
} from './casting.service.ts'
import { APPLICATION_CHANGED_TOPIC, type ApplicationChanged, type ApplicationRow } from './transitions.ts'

const actorOf = (ctx: GraphQLContext) => ({ actor: ctx.viewer, requestId: ctx.requestId })
const admin = (ctx: GraphQLContext) => requireCapability(ctx, 'admin.general')

const CastingSortFieldEnum = builder.enumType('CastingSortField', { values: CASTING_SORT_FIELDS })
const CastingSortDirectionEnum = builder.enumType('CastingSortDirection', {
  values: ['ASC', 'DESC'] as const,
})

const CastingFilterInput = builder.inputType('CastingFilter', {
  description: 'Which applications the casting list shows. Empty lists and nulls mean "any".',
  fields: (t) => ({
    types: t.stringList({ required: false, description: 'Application types (keys).' }),
    parts: t.stringList({ required: false, description: 'Assigned parts; "" means no part yet.' }),
    statuses: t.field({ type: [ApplicationStatusEnum], required: false }),
    minScore: t.float({
      required: false,
      description: 'Lowest average score (1–5); unscored ones drop out.',
    }),
    maxScore: t.float({ required: false, description: 'Highest average score (1–5).' }),
    search: t.string({ required: false, description: 'Part of the name or preferred name.' }),
  }),
})

const CastingSortInput = builder.inputType('CastingSort', {
  fields: (t) => ({
    field: t.field({ type: CastingSortFieldEnum, required: true }),
    direction: t.field({ type: CastingSortDirectionEnum, required: false, defaultValue: 'ASC' }),
  }),
})

type FilterArg = {
  types?: string[] | null
  parts?: string[] | null
  statuses?: CastingFilter['statuses']
  minScore?: number | null
  maxScore?: number | null
  search?: string | null
} | null
type SortArg = { field: CastingSort['field']; direction?: CastingSort['direction'] | null } | null

const toSort = (sort: SortArg | undefined): CastingSort | null =>
  sort ? { field: sort.field, direction: sort.direction ?? 'ASC' } : null

interface CastingAnswer {
  questionId: string
  label: string
  kind: string
  value: unknown
  text: string
  fileName: string | null
  fileUrl: string | null
}

/** The answers in the order of the form's questions; answers to removed questions come last. */
function answersOf(row: ApplicationRow, questions: readonly Question[], secret: string): CastingAnswer[] {
  const answers = row.answers ?? {}
  const known = new Set(questions.map((q) => q.id))
  const list = [
    ...questions.map((q) => ({ id: q.id, label: q.label, kind: q.kind as string })),
    ...Object.keys(answers)
      .filter((id) => !known.has(id))
      .map((id) => ({ id, label: id, kind: 'unknown' })),
  ]
  return list.map(({ id, label, kind }) => {
    const value = answers[id] ?? null
    const file = kind === 'file' ? fileAnswerSchema.safeParse(value) : null
    return {
      questionId: id,
      label,
      kind,
      value,
      text: answerText(value),
      fileName: file?.success ? file.data.name : null,
      fileUrl: file?.success ? signFileUrl(file.data.key, secret) : null,
    }
  })
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.map(answerText).join(', ')
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>
    if (typeof v.instrument === 'string')
      return v.level ? `${v.instrument} (${String(v.level)})` : v.instrument
    if (typeof v.name === 'string') return v.name
    return JSON.stringify(value)
  }
  return String(value)
}

const CastingAnswerRef = builder.objectRef<CastingAnswer>('CastingAnswer').implement({
  description: "One answer of an application, with its question's label and kind.",
  fields: (t) => ({
    questionId: t.exposeString('questionId'),
    label: t.exposeString('label'),
    kind: t.exposeString('kind', { description: 'The question kind, or "unknown" for a removed question.' }),
    value: t.field({ type: 'JSON', nullable: true, resolve: (a) => a.value }),
    text: t.exposeString('text', { description: 'The answer as one line of text.' }),
    fileName: t.exposeString('fileName', { nullable: true }),
    fileUrl: t.exposeString('fileUrl', {
      nullable: true,
      description: 'A short-lived signed link to an uploaded file answer.',
    }),
  }),
})

const CastingApplicationRef = builder.objectRef<CastingRow>('CastingApplication').implement({
  description: 'An application as the casting list shows it (admins only).',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    applicationType: t.exposeString('applicationType'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (a) => a.status }),
    part: t.exposeString('part', { nullable: true }),
    version: t.exposeInt('version'),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    preferredName: t.exposeString('preferredName', { nullable: true }),
    pronouns: t.exposeString('pronouns', { nullable: true }),
    voicePart: t.exposeString('voicePart', { nullable: true }),
    averageScore: t.exposeFloat('averageScore', { nullable: true }),
    reviewCount: t.exposeInt('reviewCount'),
    answers: t.field({
      type: [CastingAnswerRef],
      resolve: async (a, _args, ctx) => {
        const event = await EventRef.getDataloader(ctx).load(a.eventId)
        const questions =
          parseEventConfig(event.eventConfig).applicationTypes[a.applicationType]?.questions ?? []
        return answersOf(a, questions, ctx.config.authSecret)
      },
    }),
    event: t.field({
      type: CastingEventRef,
      resolve: async (a, _args, ctx) => eventInfo(await EventRef.getDataloader(ctx).load(a.eventId)),
    }),
    application: t.field({
      type: ApplicationRef,
      description: 'The application itself, with its admin-only fields (applicant, reviews, history).',
      resolve: (a) => a,
    }),
  }),
})

const CastingCountRef = builder.objectRef<CastingCount>('CastingCount').implement({
  fields: (t) => ({ key: t.exposeString('key'), count: t.exposeInt('count') }),
})

const CastingPageInfoRef = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('CastingPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  })

interface CastingEventInfo {
  id: string
  slug: string
  title: string
  type: string
  startDate: Date
  parts: string[]
  applicationTypes: { key: string; label: string }[]
}

const CastingTypeOptionRef = builder
  .objectRef<{ key: string; label: string }>('CastingTypeOption')
  .implement({ fields: (t) => ({ key: t.exposeString('key'), label: t.exposeString('label') }) })

const CastingEventRef = builder.objectRef<CastingEventInfo>('CastingEvent').implement({
  description: 'What the casting screens need of an event: its parts and application types.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    type: t.field({ type: EventTypeEnum, resolve: (e) => e.type as never }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    parts: t.exposeStringList('parts'),
    applicationTypes: t.field({ type: [CastingTypeOptionRef], resolve: (e) => e.applicationTypes }),
  }),
})

function eventInfo(event: {
  id: string
  slug: string
  title: string
  type: string
  startDate: Date
  eventConfig: unknown
}): CastingEventInfo {
  const config = parseEventConfig(event.eventConfig)
  return {
    id: event.id,
    slug: event.slug,
    title: event.title,
    type: event.type,
    startDate: event.startDate,
    parts: config.parts,
    applicationTypes: Object.entries(config.applicationTypes).map(([key, type]) => ({
      key,
      label: type.label,
    })),
  }
}

const CastingApplicationsRef = builder
  .objectRef<Omit<CastingPage, 'event'> & { event: CastingEventInfo }>('CastingApplications')
  .implement({
    description: 'One page of the casting list, with the total and the filter chips’ counts.',
    fields: (t) => ({
      event: t.field({ type: CastingEventRef, resolve: (p) => p.event }),
      totalCount: t.exposeInt('totalCount'),
      nodes: t.field({ type: [CastingApplicationRef], resolve: (p) => p.nodes }),
      pageInfo: t.field({
        type: CastingPageInfoRef,
        resolve: (p) => ({ hasNextPage: p.hasNextPage, endCursor: p.endCursor }),
      }),
      statusCounts: t.field({
        type: [CastingCountRef],
        description: 'Per status, under every filter but the status filter.',
        resolve: (p) => p.statusCounts,
      }),
      typeCounts: t.field({
        type: [CastingCountRef],
        description: 'Per application type, under every filter but the type filter.',
        resolve: (p) => p.typeCounts,
      }),
      partCounts: t.field({
        type: [CastingCountRef],
        description: 'Per part ("" for none yet), under every filter but the part filter.',
        resolve: (p) => p.partCounts,
      }),
    }),
  })

const CastingEventOptionRef = builder
  .objectRef<{
    id: string
    slug: string
    title: string
    type: string
    startDate: Date
    applicationCount: number
  }>('CastingEventOption')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      type: t.field({ type: EventTypeEnum, resolve: (e) => e.type as never }),
      startDate: t.expose('startDate', { type: 'DateTime' }),
      applicationCount: t.exposeInt('applicationCount'),
    }),
  })

const CastingNeighboursRef = builder
  .objectRef<{ previous: string | null; next: string | null; position: number | null; totalCount: number }>(
    'CastingNeighbours',
  )
  .implement({
    description: 'The applications before and after one in the casting list’s order.',
    fields: (t) => ({
      previous: t.exposeString('previous', { nullable: true }),
      next: t.exposeString('next', { nullable: true }),
      position: t.exposeInt('position', { nullable: true, description: '1-based; null when filtered out.' }),
      totalCount: t.exposeInt('totalCount'),
    }),
  })

// --- Admin-only fields of Application -------------------------------------------------------------

type ApplicantRow = typeof users.$inferSelect & { profile: typeof profiles.$inferSelect | null }

const ApplicantInstrumentRef = builder
  .objectRef<{ instrument: string; level: string }>('ApplicantInstrument')
  .implement({
    fields: (t) => ({ instrument: t.exposeString('instrument'), level: t.exposeString('level') }),
  })

const ApplicantRef = builder.objectRef<ApplicantRow>('Applicant').implement({
  description: "An applicant's profile as casting sees it (admins only).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    preferredName: t.string({ nullable: true, resolve: (u) => u.profile?.preferredName ?? null }),
    pronouns: t.string({ nullable: true, resolve: (u) => u.profile?.pronouns ?? null }),
    phone: t.string({ nullable: true, resolve: (u) => u.profile?.phone ?? null }),
    voicePart: t.string({ nullable: true, resolve: (u) => u.profile?.voicePart ?? null }),
    instruments: t.field({ type: [ApplicantInstrumentRef], resolve: (u) => u.profile?.instruments ?? [] }),
    studentStatus: t.string({ nullable: true, resolve: (u) => u.profile?.studentStatus ?? null }),
    institution: t.string({ nullable: true, resolve: (u) => u.profile?.institution ?? null }),
    course: t.string({ nullable: true, resolve: (u) => u.profile?.course ?? null }),
    graduationYear: t.int({ nullable: true, resolve: (u) => u.profile?.graduationYear ?? null }),
    dietaryRequirements: t.string({ nullable: true, resolve: (u) => u.profile?.dietaryRequirements ?? null }),
    accessNeeds: t.string({ nullable: true, resolve: (u) => u.profile?.accessNeeds ?? null }),
    bio: t.string({ nullable: true, resolve: (u) => u.profile?.bio ?? null }),
  }),
})

const ApplicationReviewRef = builder.objectRef<Review>('ApplicationReview').implement({
  description: "One reviewer's score (1–5) and note on an application.",
  fields: (t) => ({
    id: t.id({ resolve: (r) => `${r.applicationId}:${r.reviewerId}` }),
    reviewerId: t.exposeID('reviewerId'),
    reviewerName: t.exposeString('reviewerName'),
    score: t.exposeInt('score', { nullable: true }),
    note: t.exposeString('note'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    mine: t.boolean({ resolve: (r, _args, ctx) => r.reviewerId === ctx.viewer?.id }),
  }),
})

const PastParticipationRef = builder.objectRef<PastParticipation>('PastParticipation').implement({
  description: 'A CONFIRMED or PAID application of the same member to another event.',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    eventType: t.field({ type: EventTypeEnum, resolve: (p) => p.eventType as never }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    applicationType: t.exposeString('applicationType'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (p) => p.status }),
    part: t.exposeString('part', { nullable: true }),
  }),
})

/** Reviews are loaded in batches: `reviews` and `myReview` of a list share one query. */
const reviewLoader = createContextCache(
  (ctx: GraphQLContext) => new DataLoader<string, Review[]>((ids) => ctx.casting.reviews(actorOf(ctx), ids)),
)
const reviewsOf = (a: ApplicationRow, ctx: GraphQLContext) => reviewLoader(ctx).load(a.id)

builder.objectFields(ApplicationRef, (t) => ({
  applicant: t.loadable({
    type: ApplicantRef,
    description: "The applicant's profile. Admins only (FORBIDDEN otherwise, the owner included).",
    load: async (ids: string[], ctx: GraphQLContext) => {
      admin(ctx)
      const rows = await ctx.db
        .select()
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(inArray(users.id, ids))
      const byId = new Map(rows.map((r) => [r.users.id, { ...r.users, profile: r.profiles }]))
      return ids.map((id) => byId.get(id) ?? new Error('No such applicant.'))
    },
    resolve: (a, _args, ctx) => {
      admin(ctx)
      return a.userId
    },
  }),
  reviews: t.field({
    type: [ApplicationReviewRef],
    description: "Every reviewer's score and note, newest first. Admins only.",
    resolve: (a, _args, ctx) => {
      admin(ctx)
      return reviewsOf(a, ctx)
    },
  }),
  myReview: t.field({
    type: ApplicationReviewRef,
    nullable: true,
    description: "The viewer's own review, if any. Admins only.",
    resolve: async (a, _args, ctx) => {
      const viewer = admin(ctx)
      return (await reviewsOf(a, ctx)).find((r) => r.reviewerId === viewer.id) ?? null
    },
  }),
  pastParticipation: t.field({
    type: [PastParticipationRef],
    description: "The member's CONFIRMED and PAID applications to other events. Admins only.",
    resolve: (a, _args, ctx) => ctx.casting.pastParticipation(actorOf(ctx), a),
  }),
  otherApplications: t.field({
    type: [CastingApplicationRef],
    description: "The member's other applications to this event. Admins only.",
    resolve: (a, _args, ctx) => ctx.casting.otherApplications(actorOf(ctx), a),
  }),
}))

// --- Root fields ------------------------------------------------------------------------------------

builder.queryFields((t) => ({
  castingEvents: t.field({
    type: [CastingEventOptionRef],
    description: 'Events to cast, those with applications first, with their application counts.',
    resolve: (_root, _args, ctx) => ctx.casting.events(actorOf(ctx)),
  }),
  castingApplications: t.field({
    type: CastingApplicationsRef,
    description: "One page of an event's applications, filtered and sorted on the server.",
    args: {
      eventSlug: t.arg.string({ required: true }),
      filter: t.arg({ type: CastingFilterInput, required: false }),
      sort: t.arg({ type: CastingSortInput, required: false }),
      first: t.arg.int({ required: false, description: 'Page size, at most 200 (default 50).' }),
      after: t.arg.string({ required: false, description: 'endCursor of the previous page, or an offset.' }),
    },
    resolve: async (_root, args, ctx) => {
      const page = await ctx.casting.list(actorOf(ctx), {
        eventSlug: args.eventSlug,
        filter: args.filter as FilterArg,
        sort: toSort(args.sort as SortArg),
        first: args.first ?? null,
        after: args.after ?? null,
      })
      return { ...page, event: eventInfo(page.event) }
    },
  }),
  castingApplication: t.field({
    type: CastingApplicationRef,
    description: 'One application of an event by its slug, for the casting detail.',
    args: { eventSlug: t.arg.string({ required: true }), slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => ctx.casting.get(actorOf(ctx), args.eventSlug, args.slug),
  }),
  castingNeighbours: t.field({
    type: CastingNeighboursRef,
    description: 'The previous and next application in the casting list’s filter and sort.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      slug: t.arg.string({ required: true }),
      filter: t.arg({ type: CastingFilterInput, required: false }),
      sort: t.arg({ type: CastingSortInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.casting.neighbours(actorOf(ctx), {
        eventSlug: args.eventSlug,
        slug: args.slug,
        filter: args.filter as FilterArg,
        sort: toSort(args.sort as SortArg),
      }),
  }),
}))

builder.mutationFields((t) => ({
  saveReview: t.field({
    type: ApplicationReviewRef,
    description: "Save the viewer's own score (1–5, or null for none) and note on an application.",
    args: {
      applicationId: t.arg.id({ required: true }),
      score: t.arg.int({ required: false }),
      note: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      ctx.casting.saveReview(actorOf(ctx), {
        applicationId: String(args.applicationId),
        score: args.score ?? null,
        note: args.note ?? '',
      }),
  }),
  assignPart: t.field({
    type: CastingApplicationRef,
    description:
      "Assign one of the event's parts (or null for none). CONFLICT when the application changed since expectedVersion.",
    args: {
      applicationId: t.arg.id({ required: true }),
      part: t.arg.string({ required: false }),
      expectedVersion: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      ctx.casting.assignPart(actorOf(ctx), {
        applicationId: String(args.applicationId),
        part: args.part ?? null,
        expectedVersion: args.expectedVersion,
      }),
  }),
}))

const ApplicationChangeRef = builder.objectRef<ApplicationChanged>('ApplicationChange').implement({
  description: 'An application of the event changed (status, part or reviews).',
  fields: (t) => ({
    applicationId: t.exposeID('applicationId'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (c) => c.status }),
    version: t.exposeInt('version'),
    application: t.field({
      type: CastingApplicationRef,
      nullable: true,
      description: 'The application as it is now (null when it has been deleted).',
      resolve: async (c, _args, ctx) => (await ctx.casting.byId(actorOf(ctx), c.applicationId)) ?? null,
    }),
  }),
})

type PubSub = { pubsub: { subscribe(topic: string): Promise<AsyncIterable<unknown>> } }

builder.subscriptionField('applicationChanged', (t) =>
  t.field({
    type: ApplicationChangeRef,
    description: "Changes to an event's applications as they happen (admins only).",
    args: { eventSlug: t.arg.string({ required: true }) },
    subscribe: async function* (_root, args, ctx) {
      // NOTE: checked once, when the subscription starts: the socket's viewer comes from its
      // connection_init token, and a revoked role takes effect on the next connection.
      admin(ctx)
      const eventId = await ctx.casting.eventId(actorOf(ctx), args.eventSlug)
      const source = await (ctx as unknown as PubSub).pubsub.subscribe(APPLICATION_CHANGED_TOPIC)
      for await (const change of source as AsyncIterable<ApplicationChanged>) {
        if (change.eventId === eventId) yield change
      }
    },
    resolve: (payload) => payload,
  }),
)
