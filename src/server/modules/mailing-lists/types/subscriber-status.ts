import { SUBSCRIBER_STATUSES } from '#core/mailing-lists/mailing-list.ts'
import { builder } from '#server/graphql/builder.ts'

export const SubscriberStatusEnum = builder.enumType('SubscriberStatus', { values: SUBSCRIBER_STATUSES })
