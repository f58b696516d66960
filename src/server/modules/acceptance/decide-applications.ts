import { withTx, type RequestContext } from '#server/context.ts'
import { changeStatus } from '#server/modules/applications/change-status.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { findVisibleEvent } from '#server/modules/events/find-visible-event.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { MACHINE_ACTION, planDecisions, refusalError, type DecisionInput } from './decision-plan.ts'

/**
 * Offer, waitlist, reject or cancel applications, all or none: when any one would be refused
 * (status machine, capacity, a stale version) nothing changes and the CONFLICT names each refusal.
 * Decisions of one event take turns on the event row's lock, so concurrent offers cannot overfill a
 * type. See docs/decisions/0015-acceptance-and-payments.md.
 */
export async function decideApplications(
  ctx: RequestContext,
  input: DecisionInput,
): Promise<ApplicationRow[]> {
  authorize(ctx.actor, 'admin.general')
  const notify = input.notify ?? true
  return withTx(ctx, async (tx, afterCommit) => {
    const event = await findVisibleEvent(ctx, input.eventSlug, { tx, lock: true })
    const items = await planDecisions(ctx, tx, event, { ...input, notify })
    if (items.some((i) => i.refusal)) throw refusalError(items)
    const rows: ApplicationRow[] = []
    for (const item of items) {
      const { after } = await changeStatus(ctx, tx, afterCommit, {
        applicationId: item.application.id,
        action: MACHINE_ACTION[input.action],
        as: 'admin',
        expectedVersion: item.application.version,
        ...(item.offerExpiresAt && input.action === 'OFFER' ? { offerExpiresAt: item.offerExpiresAt } : {}),
        silent: !notify,
      })
      rows.push(after)
    }
    return rows
  })
}
