import { visibleShowName } from '#core/events/policies.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventTypeEnum } from './event-type.ts'
import type { EventRow } from '../find-visible-event.ts'
import { EventRef } from './event.ts'
import { EventVisibilityEnum } from './event-visibility.ts'

/**
 * An event's staff-only side, in one place: everything staff edit, raw (Markdown sources, the whole
 * eventConfig). Only admin fields return it.
 */
export const AdminEventRef = builder.objectRef<EventRow>('AdminEvent').implement({
  description: 'An event as staff edit it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    type: t.expose('type', { type: EventTypeEnum }),
    title: t.exposeString('title'),
    showName: t.string({
      nullable: true,
      description: 'Before the reveal, only for those who may schedule reveals (admin.showReveals).',
      resolve: (e, _args, ctx) => visibleShowName(ctx.actor, e, ctx.now()),
    }),
    revealAt: t.expose('revealAt', { type: 'DateTime', nullable: true }),
    summary: t.exposeString('summary'),
    description: t.exposeString('description'),
    venue: t.exposeString('venue'),
    startDate: t.expose('startDate', { type: 'DateTime' }),
    endDate: t.expose('endDate', { type: 'DateTime' }),
    signupDeadline: t.expose('signupDeadline', { type: 'DateTime', nullable: true }),
    visibility: t.field({ type: EventVisibilityEnum, resolve: (e) => e.visibility }),
    audienceTypes: t.field({ type: 'JSON', resolve: (e) => e.audienceTypes }),
    eventConfig: t.field({ type: 'JSON', resolve: (e) => e.eventConfig }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    event: t.field({ type: EventRef, description: 'The same event as members see it.', resolve: (e) => e }),
  }),
})
