import { AuditEntityTypeEnum } from '#server/audit/types/audit-action.ts'
import { builder } from '#server/graphql/builder.ts'
import { listAuditEntries } from './audit.queries.ts'
import { AuditEntryRef } from './types/audit-entry.ts'

builder.queryField('auditLog', (t) =>
  t.field({
    type: [AuditEntryRef],
    description: 'Recent changes, newest first (superAdmin, boardMember).',
    args: {
      entityType: t.arg({ type: AuditEntityTypeEnum, required: false }),
      entityId: t.arg.string({ required: false }),
      actor: t.arg.string({ required: false }),
      from: t.arg.string({ required: false }),
      to: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => listAuditEntries(ctx, args),
  }),
)
