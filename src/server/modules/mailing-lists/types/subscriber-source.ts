import { SUBSCRIBER_SOURCES } from '#core/mailing-lists/mailing-list.ts'
import { builder } from '#server/graphql/builder.ts'

export const SubscriberSourceEnum = builder.enumType('SubscriberSource', {
  description: 'Where a subscriber came from.',
  values: SUBSCRIBER_SOURCES,
})
