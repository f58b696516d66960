import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '#core/audit/audit-actions.ts'
import { wordEnum } from '#server/graphql/word-enum.ts'

export const AuditActionEnum = wordEnum('AuditAction', AUDIT_ACTIONS, {
  description: 'What an audit entry records: `tickets.hold` is TICKETS_HOLD (core/audit/audit-actions.ts).',
})

export const AuditEntityTypeEnum = wordEnum('AuditEntityType', AUDIT_ENTITY_TYPES, {
  description: 'What kind of record an audit entry is about: `ticket_order` is TICKET_ORDER.',
})
