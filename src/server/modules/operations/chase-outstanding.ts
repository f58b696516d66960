import { and, desc, eq, inArray } from 'drizzle-orm'
import { formatPence } from '#core/money.ts'
import { AppError } from '#core/errors.ts'
import { canChase, nextChaseAt } from '#core/operations/chase.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { auditLog } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { operationsOverview } from './operations.queries.ts'
import { mailGreeting } from '#core/text/mail-text.ts'

export const CHASE_ACTION = 'operations.chase'

export interface ChaseRecipient {
  userId: string
  name: string
  email: string
  outstandingPence: number
  /** When this member may next be chased (now or earlier: may be chased now). */
  nextChaseAt: Date
  canChaseNow: boolean
}

export interface ChasePreview {
  subject: string
  text: string
  recipients: ChaseRecipient[]
}

function chaseEmail(eventTitle: string, name: string, outstandingPence: number) {
  return {
    subject: `Payment reminder: ${eventTitle}`,
    text:
      `${mailGreeting(name)}\n\nOur records show ${formatPence(outstandingPence)} still to pay for ${eventTitle}. ` +
      `You can see what is owed and how to pay under My Applications.\n\nIf you have paid in the last ` +
      `few days, thank you, and please ignore this reminder.\n`,
  }
}

/** Everyone with something outstanding at the event, when each may next be chased, and the email. */
export async function previewChase(ctx: RequestContext, slug: string): Promise<ChasePreview> {
  authorize(ctx.actor, 'admin.general')
  const { event, rows } = await operationsOverview(ctx, slug)
  const owing = new Map<string, { name: string; email: string; outstandingPence: number }>()
  for (const r of rows) {
    if (r.outstandingPence <= 0) continue
    const o = owing.get(r.userId) ?? { name: r.name, email: r.email, outstandingPence: 0 }
    o.outstandingPence += r.outstandingPence
    owing.set(r.userId, o)
  }
  const last = new Map<string, Date>()
  if (owing.size) {
    const chased = await ctx.services.db
      .select({ userId: auditLog.entityId, at: auditLog.createdAt })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, CHASE_ACTION),
          eq(auditLog.entityType, 'user'),
          inArray(auditLog.entityId, [...owing.keys()]),
        ),
      )
      .orderBy(desc(auditLog.createdAt))
    for (const c of chased) if (c.userId && !last.has(c.userId)) last.set(c.userId, c.at)
  }
  const now = ctx.now()
  const recipients = [...owing.entries()]
    .map(([userId, o]) => ({
      userId,
      ...o,
      nextChaseAt: nextChaseAt(last.get(userId) ?? null, now),
      canChaseNow: canChase(last.get(userId) ?? null, now),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-GB'))
  const sample = chaseEmail(event.title, '{name}', 0)
  return {
    subject: sample.subject,
    text: sample.text.replace(formatPence(0), '{amount}'),
    recipients,
  }
}

/**
 * Email a reminder to everyone with something outstanding who has not been chased in the last day
 * (through the outbox, recorded on each member's record). Refused when nobody may be chased yet,
 * with when the next one may be.
 */
export async function sendChase(ctx: RequestContext, slug: string): Promise<ChaseRecipient[]> {
  authorize(ctx.actor, 'admin.general')
  const preview = await previewChase(ctx, slug)
  const due = preview.recipients.filter((r) => r.canChaseNow)
  if (!preview.recipients.length) throw new AppError('CONFLICT', 'Nobody has anything outstanding.')
  if (!due.length) {
    const next = new Date(Math.min(...preview.recipients.map((r) => r.nextChaseAt.getTime())))
    throw new AppError(
      'RATE_LIMITED',
      `Everyone was reminded in the last day; the next reminder can be sent at ${next.toISOString()}.`,
      { retryAfterSeconds: Math.max(1, Math.ceil((next.getTime() - ctx.now().getTime()) / 1000)) },
    )
  }
  const eventTitle = preview.subject.replace(/^Payment reminder: /, '')
  await withTx(ctx, async (tx) => {
    for (const r of due) {
      const mail = chaseEmail(eventTitle, r.name, r.outstandingPence)
      const queued = await ctx.services.mailer.queue({ to: r.email, ...mail, template: 'chase' }, tx)
      await auditChange(tx, ctx, {
        action: CHASE_ACTION,
        entityType: 'user',
        entityId: r.userId,
        after: { eventSlug: slug, outstandingPence: r.outstandingPence, outboxId: queued.id },
      })
    }
  })
  return due
}
