import type { RequestContext } from '#server/context.ts'
import type { OutboxStatus } from '#server/db/schema/index.ts'
import { pageSize } from '#server/graphql/limits.ts'
import type { OutboxRow } from '#server/mail/outbox.service.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface OutboxPage {
  status?: OutboxStatus | null
  limit?: number | null
  offset?: number | null
}

/** Mail sent or waiting, newest first (superAdmin). */
export function listOutbox(ctx: RequestContext, { status, limit, offset }: OutboxPage): Promise<OutboxRow[]> {
  authorize(ctx.actor, 'admin.outbox')
  return ctx.services.mailer.list({
    ...(status ? { status } : {}),
    limit: pageSize(limit),
    offset: Math.max(offset ?? 0, 0),
  })
}
