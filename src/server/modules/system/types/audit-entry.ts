import { AuditActionEnum, AuditEntityTypeEnum } from '#server/audit/types/audit-action.ts'
import { builder } from '#server/graphql/builder.ts'
import { UserRef } from '#server/modules/users/types/user.ts'
import type { AuditRow } from '../audit.queries.ts'

export const AuditEntryRef = builder.objectRef<AuditRow>('AuditEntry').implement({
  description: 'Who did what to which record, when, with the record before and after.',
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.expose('action', { type: AuditActionEnum }),
    entityType: t.expose('entityType', { type: AuditEntityTypeEnum }),
    entityId: t.exposeString('entityId', { nullable: true }),
    before: t.expose('before', { type: 'JSON', nullable: true }),
    after: t.expose('after', { type: 'JSON', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    actor: t.field({
      type: UserRef,
      nullable: true,
      // Deleted users leave their entries behind: the actor is then null.
      resolve: (row) => row.actorId,
    }),
  }),
})
