import { moneyByMethod, type MoneyByMethod } from '#core/payments/money-by-method.ts'
import type { RequestContext } from '#server/context.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { dateRange, ledgerEntries } from './money-ledger.queries.ts'

/** The money recorded in a range, tickets and application lines together, by method (finance staff). */
export async function moneyInRange(
  ctx: RequestContext,
  input: { from: string; to: string },
): Promise<MoneyByMethod> {
  authorize(ctx.actor, 'admin.finance')
  const { timeZone } = await societySettingsOf(ctx.services)
  return moneyByMethod(await ledgerEntries(ctx, dateRange(input.from, input.to, timeZone)))
}
