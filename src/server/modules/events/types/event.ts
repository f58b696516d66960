import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { openApplicationTypes } from '#core/events/signup.ts'
import { renderMarkdown } from '#server/content/markdown.ts'
import { builder } from '#server/graphql/builder.ts'
import { loadEvents } from '../events.queries.ts'
import type { EventRow } from '../find-visible-event.ts'
import { ApplicationTypeInfoRef, applicationTypeInfos } from './application-type-info.ts'
import { AudienceTypeRef } from './audience-type.ts'
import { EventConfigRef } from './event-config.ts'
import { EventTypeEnum } from './event-type.ts'

export type { EventRow }
// NOTE: other modules import the enum from here, as they import `EventRef`.
export { EventTypeEnum }

/** Events are loaded in batches by id: a list of applications makes one events query. */
export const EventRef = builder.loadableObjectRef<EventRow, string>('Event', {
  load: (ids, ctx) => loadEvents(ctx, ids),
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
      resolve: (e, _args, ctx) => visibleShowName(ctx.actor, e, ctx.now()),
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
      resolve: (e, _args, ctx) => {
        const config = parseEventConfig(e.eventConfig)
        return applicationTypeInfos(config, openApplicationTypes({ ...e, eventConfig: config }, ctx.now()))
      },
    }),
    openApplicationTypeKeys: t.stringList({
      description:
        'The keys of openApplicationTypes. NOTE: a list of scalars, so lists of events can ask for it within the query cost limit.',
      resolve: (e, _args, ctx) => {
        const config = parseEventConfig(e.eventConfig)
        return openApplicationTypes({ ...e, eventConfig: config }, ctx.now())
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
