import { formatPence } from '#core/money.ts'
import { AppError } from '#core/errors.ts'
import { filterParticipants, type ParticipantFilter } from '#core/operations/participants.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import {
  checkTemplateInput,
  renderTemplate,
  type TemplateValues,
} from '#server/modules/email-templates/templates.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { operationsOverview } from './operations.queries.ts'

export const MESSAGE_ACTION = 'operations.message'
const MESSAGE_TEMPLATE = 'operations.message'

export interface MessageRecipient {
  userId: string
  name: string
  email: string
}

export interface MessagePreview {
  /** The email as the first recipient will get it (placeholders filled in). */
  subject: string
  text: string
  html: string
  recipients: MessageRecipient[]
}

export interface MessageInput {
  subject: string
  body: string
  filter: ParticipantFilter
}

type Member = MessageRecipient & { values: TemplateValues }

/** The members the filter shows (each once, in the table's order) and what their email fills in. */
async function recipientsOf(ctx: RequestContext, slug: string, input: MessageInput) {
  authorize(ctx.actor, 'admin.general')
  checkTemplateInput(input.subject, input.body)
  const { event, rows } = await operationsOverview(ctx, slug)
  const members = new Map<string, Member>()
  for (const r of filterParticipants(rows, input.filter)) {
    const seen = members.get(r.userId)
    if (seen) continue
    members.set(r.userId, {
      userId: r.userId,
      name: r.name,
      email: r.email,
      values: {
        name: r.name,
        eventTitle: event.title,
        applicationType: r.typeLabel,
        amountOwed: r.outstandingPence > 0 ? formatPence(r.outstandingPence) : '',
        link: `${ctx.services.config.appUrl}/applications`,
      },
    })
  }
  if (!members.size) {
    throw new AppError('VALIDATION', 'Nobody matches this filter, so there is nobody to send it to.', {
      fields: [{ path: 'filter', message: 'Nobody matches this filter.' }],
    })
  }
  return [...members.values()]
}

const strip = ({ userId, name, email }: Member): MessageRecipient => ({ userId, name, email })

/** Who a message to a filtered set of participants goes to, and the email as the first gets it. */
export async function previewMessage(
  ctx: RequestContext,
  slug: string,
  input: MessageInput,
): Promise<MessagePreview> {
  const members = await recipientsOf(ctx, slug, input)
  const mail = renderTemplate({ key: MESSAGE_TEMPLATE, ...input }, members[0]!.values)
  return { subject: mail.subject, text: mail.text, html: mail.html ?? '', recipients: members.map(strip) }
}

/**
 * Email everyone the filter shows (once each) through the outbox, and record it on each member's
 * record (an audit entry on the member, as the chase does). All or nothing.
 */
export async function sendMessage(
  ctx: RequestContext,
  slug: string,
  input: MessageInput,
): Promise<MessageRecipient[]> {
  const members = await recipientsOf(ctx, slug, input)
  await withTx(ctx, async (tx) => {
    for (const m of members) {
      const mail = renderTemplate({ key: MESSAGE_TEMPLATE, ...input }, m.values)
      const queued = await ctx.services.mailer.queue({ to: m.email, ...mail }, tx)
      await auditChange(tx, ctx, {
        action: MESSAGE_ACTION,
        entityType: 'user',
        entityId: m.userId,
        after: { eventSlug: slug, subject: mail.subject, outboxId: queued.id },
      })
    }
  })
  return members.map(strip)
}
