import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns/format'
import { eq } from 'drizzle-orm'
import { owedLines, totalOutstanding, type OwedLine } from '#core/applications/payments.ts'
import { formatPence } from '#core/money.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { events, profiles, users, type applications } from '#server/db/schema/index.ts'
import { paymentsByApplication } from '#server/modules/payments/payments.queries.ts'
import { loadTemplate } from './email-templates.queries.ts'
import { renderTemplate, type EmailTemplateKey, type TemplateValues } from './templates.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

type ApplicationRow = typeof applications.$inferSelect
type EventRow = typeof events.$inferSelect

/** Format an instant in the society's time zone, as emails show it. */
export function formatInZone(date: Date, timeZone: string): string {
  return format(new TZDate(date, timeZone), "EEEE d MMMM yyyy 'at' HH:mm")
}

/**
 * Queue one of the application emails to the applicant through the outbox, inside `tx` (so it goes
 * only if the change commits), filled in from the row as staff last worded the template.
 */
export async function queueStatusEmail(
  ctx: RequestContext,
  tx: Tx,
  application: ApplicationRow,
  key: EmailTemplateKey,
): Promise<void> {
  const [who] = await tx
    .select({ email: users.email, name: users.name, preferredName: profiles.preferredName })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, application.userId))
  const [event] = await tx.select().from(events).where(eq(events.id, application.eventId))
  if (!who || !event) return
  const lines = event.eventConfig.paymentLines?.[application.applicationType] ?? []
  const paid = lines.length
    ? ((await paymentsByApplication(tx, [application.id])).get(application.id) ?? [])
    : []
  const template = await loadTemplate(tx, key)
  // The society's saved time zone, read through the transaction (the embedded database's one connection).
  const { timeZone } = await societySettingsOf(ctx.services, tx)
  const values = emailValues(
    { appUrl: ctx.services.config.appUrl, timeZone },
    event,
    application,
    who.preferredName || who.name,
    owedLines(lines, paid),
  )
  await ctx.services.mailer.queue({ to: who.email, ...renderTemplate(template, values) }, tx)
}

/** What an application email fills in: the same in the preview staff see and in the email sent. */
export function emailValues(
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>,
  event: EventRow,
  application: Pick<ApplicationRow, 'applicationType' | 'offerExpiresAt'>,
  name: string,
  ledger: readonly OwedLine[],
): TemplateValues {
  const outstanding = totalOutstanding(ledger)
  return {
    name,
    eventTitle: event.title,
    applicationType:
      event.eventConfig.applicationTypes?.[application.applicationType]?.label ?? application.applicationType,
    offerExpiresAt: application.offerExpiresAt
      ? formatInZone(application.offerExpiresAt, config.timeZone)
      : '',
    amountOwed: outstanding > 0 ? formatPence(outstanding) : '',
    link: `${config.appUrl}/applications`,
  }
}
