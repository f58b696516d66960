import { eventInputSchema } from '#core/events/event.schemas.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'
import { EventTypeEnum } from './event-type.ts'
import { EventVisibilityEnum } from './event-visibility.ts'
import { HowToPayMethodEnum } from './how-to-pay-method.ts'
import { ScheduleKindEnum } from './schedule-kind.ts'

/**
 * What staff send to create or edit an event: derived from `eventInputSchema`, the schema the form
 * checks with, so the two cannot drift. The configuration's maps keyed by staff-chosen keys
 * (application types, payment lines and info packs by application type) are `JSON`: their keys are
 * data, and GraphQL has no map type; turning them into key/value lists would make the API's shape
 * differ from the schema's and the stored configuration's. The zod schema checks their content.
 */
export const EventInputRef = inputTypeFromZod('EventInput', eventInputSchema, {
  description: 'An event as staff write it; checked by the shared event schema (VALIDATION per field).',
  names: {
    audienceTypes: 'AudienceTypeInput',
    eventConfig: 'EventConfigInput',
    'eventConfig.permissions': 'EventPermissionsInput',
    'eventConfig.content': 'EventContentInput',
    'eventConfig.howToPay': 'HowToPayInput',
    'eventConfig.schedule': 'ScheduleDateInput',
  },
  serverOwned: ['eventConfig.announcedReleases'],
  enums: {
    type: EventTypeEnum,
    visibility: EventVisibilityEnum,
    'eventConfig.howToPay.method': HowToPayMethodEnum,
    'eventConfig.schedule.kind': ScheduleKindEnum,
  },
  descriptions: {
    slug: 'Lower-case words joined by hyphens; a changed slug keeps the old URL redirecting.',
    showName: 'Secret until the reveal time; null when the event has none.',
    description: 'Markdown.',
    audienceTypes: 'Who the event is for, each with a page of its own (Markdown content).',
    eventConfig: 'Releases, application types, payment lines, content blocks and parts.',
    'eventConfig.applicationTypes':
      'Keyed by application type key: { label, open, capacity, auditionRequired, offerExpiryDays, autoOfferFromWaitlist, questions }.',
    'eventConfig.paymentLines':
      'Keyed by application type key: a list of { key, label, amountPence, dueDate (yyyy-mm-dd) }.',
    'eventConfig.content.infoPack': 'Keyed by application type key: that type’s info pack (Markdown).',
    'eventConfig.parts': 'Voice parts, characters or chairs, for casting.',
    'eventConfig.schedule': 'Rehearsal and performance dates (yyyy-mm-dd), for attendance registers.',
    'eventConfig.howToPay':
      'How members pay: bank transfer (with the account), at the door, or online later.',
  },
})
