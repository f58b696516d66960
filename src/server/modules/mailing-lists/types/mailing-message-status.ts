import { MAILING_MESSAGE_STATUSES } from '#core/mailing-lists/mailing-list.ts'
import { builder } from '#server/graphql/builder.ts'

export const MailingMessageStatusEnum = builder.enumType('MailingMessageStatus', {
  description: 'A message to a list is sending until every recipient is in the outbox, then sent.',
  values: MAILING_MESSAGE_STATUSES,
})
