import { and, desc, eq, type SQL } from 'drizzle-orm'
import { auditLog } from '#server/db/schema/index.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { MAX_PAGE_SIZE } from '#server/graphql/limits.ts'
import { UserRef } from '#server/modules/users/user.graphql.ts'

type AuditRow = typeof auditLog.$inferSelect

const AuditEntry = builder.objectRef<AuditRow>('AuditEntry').implement({
  description: 'Who did what to which record, when, with the record before and after.',
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.exposeString('action'),
    entityType: t.exposeString('entityType'),
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

builder.queryField('auditLog', (t) =>
  t.field({
    type: [AuditEntry],
    description: 'Recent changes, newest first (superAdmin, boardMember).',
    args: {
      entityType: t.arg.string({ required: false }),
      entityId: t.arg.string({ required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.audit')
      const filters: SQL[] = []
      if (args.entityType) filters.push(eq(auditLog.entityType, args.entityType))
      if (args.entityId) filters.push(eq(auditLog.entityId, args.entityId))
      return ctx.db
        .select()
        .from(auditLog)
        .where(and(...filters))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(Math.min(Math.max(args.limit ?? 50, 1), MAX_PAGE_SIZE))
        .offset(Math.max(args.offset ?? 0, 0))
    },
  }),
)
