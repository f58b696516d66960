import { and, asc, inArray, isNull } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import { canSeeEvent, visibleShowName, visibleVisibilities } from '#core/events/policies.ts'
import { EVENT_TYPES } from '#core/events/event.ts'
import { parseEventConfig, type EventConfig } from '#core/events/event-config.schemas.ts'
import { openApplicationTypes } from '#core/events/signup.ts'
import { events, type AudienceType } from '#server/db/schema/index.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import { builder } from '#server/graphql/builder.ts'

export type EventRow = typeof events.$inferSelect

export const EventTypeEnum = builder.enumType('EventType', { values: EVENT_TYPES })

const EventPermissions = builder.objectRef<EventConfig['permissions']>('EventPermissions').implement({
  fields: (t) => ({
    releaseParticipantInfoPack: t.exposeBoolean('releaseParticipantInfoPack'),
    releaseFinalParticipantInfo: t.exposeBoolean('releaseFinalParticipantInfo'),
    releaseCastList: t.exposeBoolean('releaseCastList'),
  }),
})

const EventConfigRef = builder.objectRef<EventConfig>('EventConfig').implement({
  description: 'What members may see of an event configuration: releases and what each type pays.',
  fields: (t) => ({
    permissions: t.field({ type: EventPermissions, resolve: (c) => c.permissions }),
    paymentLines: t.field({
      type: 'JSON',
      description: 'Keyed by application type: a list of { key, label, amountPence, dueDate }.',
      resolve: (c) => c.paymentLines,
    }),
  }),
})

const AudienceTypeRef = builder.objectRef<AudienceType>('AudienceType').implement({
  description: 'Who an event is for (singers, orchestra, audience, social guests), with its own page.',
  fields: (t) => ({
    key: t.exposeString('key'),
    title: t.exposeString('title'),
    contentHtml: t.string({ resolve: (a) => renderMarkdown(a.content) }),
  }),
})

/** One application type of an event, as members see it (its form questions come with the form). */
interface ApplicationTypeInfo {
  key: string
  label: string
  open: boolean
  auditionRequired: boolean
  capacity: number | null
}

const ApplicationTypeInfoRef = builder.objectRef<ApplicationTypeInfo>('ApplicationTypeInfo').implement({
  description: 'A kind of application an event takes (singer, orchestra, crew…).',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    open: t.exposeBoolean('open', { description: 'Whether staff have this type open (deadlines aside).' }),
    auditionRequired: t.exposeBoolean('auditionRequired'),
    capacity: t.exposeInt('capacity', { nullable: true }),
  }),
})

function applicationTypeInfos(config: EventConfig, keys: string[]): ApplicationTypeInfo[] {
  return keys.map((key) => {
    const type = config.applicationTypes[key]!
    return {
      key,
      label: type.label,
      open: type.open,
      auditionRequired: type.auditionRequired,
      capacity: type.capacity ?? null,
    }
  })
}

/** Events are loaded in batches by id: a list of applications makes one events query. */
export const EventRef = builder.loadableObjectRef<EventRow, string>('Event', {
  load: async (ids, ctx) => {
    const rows = await ctx.db.select().from(events).where(inArray(events.id, ids))
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ids.map((id) => byId.get(id) ?? new Error(`event ${id} not found`))
  },
  sort: (e) => e.id,
})

EventRef.implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    type: t.field({ type: EventTypeEnum, resolve: (e) => e.type }),
    title: t.exposeString('title'),
    showName: t.string({
      nullable: true,
      description: 'Null until the reveal time for anyone without an admin role.',
      resolve: (e, _args, ctx) => visibleShowName(ctx.viewer, e, new Date()),
    }),
    revealAt: t.expose('revealAt', { type: 'DateTime', nullable: true }),
    summary: t.exposeString('summary'),
    descriptionHtml: t.string({
      description: 'The description, rendered from Markdown and sanitised.',
      resolve: (e) => renderMarkdown(e.description),
    }),
    venue: t.exposeString('venue'),
    audienceTypes: t.field({
      type: [AudienceTypeRef],
      resolve: (e) => e.audienceTypes,
    }),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
    signupDeadline: t.expose('signupDeadline', { type: 'DateTime', nullable: true }),
    eventConfig: t.field({ type: EventConfigRef, resolve: (e) => parseEventConfig(e.eventConfig) }),
    applicationTypes: t.field({
      type: [ApplicationTypeInfoRef],
      description: 'Every application type of the event, open or not, in the order staff listed them.',
      resolve: (e) => {
        const config = parseEventConfig(e.eventConfig)
        return applicationTypeInfos(config, Object.keys(config.applicationTypes))
      },
    }),
    openApplicationTypes: t.field({
      type: [ApplicationTypeInfoRef],
      description: 'The application types members can apply for now (open, before the deadline and the end).',
      resolve: (e) => {
        const config = parseEventConfig(e.eventConfig)
        return applicationTypeInfos(config, openApplicationTypes({ ...e, eventConfig: config }, new Date()))
      },
    }),
    openApplicationTypeKeys: t.stringList({
      description:
        'The keys of openApplicationTypes. NOTE: a list of scalars, so lists of events can ask for it within the query cost limit.',
      resolve: (e) => {
        const config = parseEventConfig(e.eventConfig)
        return openApplicationTypes({ ...e, eventConfig: config }, new Date())
      },
    }),
    auditionInfoHtml: t.string({
      nullable: true,
      description: 'The audition information, rendered from Markdown and sanitised; null when there is none.',
      resolve: (e) => {
        const markdown = parseEventConfig(e.eventConfig).content.auditionInfo
        return markdown?.trim() ? renderMarkdown(markdown) : null
      },
    }),
  }),
})

builder.queryField('events', (t) =>
  t.field({
    type: [EventRef],
    description:
      'Events this viewer may see, earliest first: public ones for everyone, members-only when signed in, drafts for staff.',
    args: { limit: t.arg.int({ required: false, defaultValue: 50 }) },
    resolve: (_root, args, ctx) =>
      ctx.db
        .select()
        .from(events)
        .where(and(inArray(events.visibility, visibleVisibilities(ctx.viewer)), isNull(events.archivedAt)))
        .orderBy(asc(events.startDate))
        .limit(Math.min(Math.max(args.limit ?? 50, 1), 100)),
  }),
)

builder.queryField('event', (t) =>
  t.field({
    type: EventRef,
    description:
      'One event by slug. NOT_FOUND when it does not exist or this viewer may not see it (a draft).',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      // An old slug finds the event too; the client sees the current slug and replaces the URL.
      const row = await ctx.events.findBySlug(args.slug)
      if (!row || !canSeeEvent(ctx.viewer, row))
        throw new AppError('NOT_FOUND', `No event called "${args.slug}".`)
      return row
    },
  }),
)

builder.queryField('listings', (t) =>
  t.field({
    type: [EventRef],
    description: 'Upcoming public events, earliest first: for anyone, signed in or not.',
    resolve: (_root, _args, ctx) => ctx.events.listings(),
  }),
)
