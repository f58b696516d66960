import { OUTBOX_STATUSES } from '#server/mail/outbox-status.ts'
import { builder } from '#server/graphql/builder.ts'

/** QUEUED, SENT, FAILED in the API; the stored lower-case status inside. */
export const OutboxStatusEnum = builder.enumType('OutboxStatus', {
  values: Object.fromEntries(OUTBOX_STATUSES.map((status) => [status.toUpperCase(), { value: status }])),
})
