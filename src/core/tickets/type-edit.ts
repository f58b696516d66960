import type { TicketMode } from './tickets.ts'

/** What a ticket type has given out so far: the refusals of an edit or a removal depend on it. */
export interface TypeUsage {
  /** Tickets in orders being paid or paid (not cancelled). */
  sold: number
  /** Tickets in checkouts' holds and waitlist offers not yet confirmed. */
  held: number
  /** Ballot requests for the type (any outcome). */
  requests: number
  /** Cancelled orders: their payments and refunds are history that a removal would erase. */
  cancelledOrders: number
}

export interface TypeEditRefusal {
  code: 'CONFLICT'
  message: string
  /** The form field it is about. */
  path: 'quota' | 'pricePence' | 'mode'
}

interface TypeTerms {
  name: string
  pricePence: number
  quota: number
  mode: TicketMode
}

/**
 * Why an edit of a ticket type cannot be saved, or null. The quota cannot go below what is sold or
 * held; the price and the mode are what buyers agreed to, so they are fixed once any ticket of the
 * type is sold or held (and the mode once anyone entered its ballot). Everything else (name, info,
 * who may buy, the per-person limit, the sale window) may change at any time.
 */
export function typeEditRefusals(current: TypeTerms, next: TypeTerms, usage: TypeUsage): TypeEditRefusal[] {
  const refusals: TypeEditRefusal[] = []
  const given = usage.sold + usage.held
  if (next.quota < given) {
    refusals.push({
      code: 'CONFLICT',
      path: 'quota',
      message: `${given} ${current.name} tickets are sold or held; the quota cannot be less.`,
    })
  }
  if (next.pricePence !== current.pricePence && given > 0) {
    refusals.push({
      code: 'CONFLICT',
      path: 'pricePence',
      message: `The price cannot change: ${given} ${current.name} tickets are sold or held at the current price.`,
    })
  }
  if (next.mode !== current.mode && given + usage.requests > 0) {
    refusals.push({
      code: 'CONFLICT',
      path: 'mode',
      message: `First come or ballot cannot change once tickets are sold, held or requested (${given + usage.requests}).`,
    })
  }
  return refusals
}

/**
 * Why a ticket type cannot be removed, or null: only a type nothing was ever ordered, held or
 * requested for may go; otherwise the committee closes its sale (ends its window now) instead.
 */
export function typeRemovalRefusal(name: string, usage: TypeUsage): string | null {
  const given = usage.sold + usage.held + usage.requests
  if (given === 0 && usage.cancelledOrders === 0) return null
  if (given === 0)
    return `${name} cannot be removed: it has cancelled orders on record. Close its sale instead.`
  return `${name} cannot be removed: ${given} ${given === 1 ? 'ticket is' : 'tickets are'} sold, held or requested. Close its sale instead.`
}
