import { MAILING_MESSAGE_STATUSES } from '#core/mailing-lists/mailing-list.ts'
import { builder } from '#server/graphql/builder.ts'

export const MailingMessageStatusEnum = builder.enumType('MailingMessageStatus', {
  description:
    'Scheduled until its time (or cancelled before it); sending until every recipient is in the outbox, then sent.',
  values: MAILING_MESSAGE_STATUSES,
})
