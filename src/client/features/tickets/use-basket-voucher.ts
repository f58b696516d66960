import { useState } from 'react'
import { useClient } from 'urql'
import type { CheckTicketVoucherQuery as Check } from '#client/gql/graphql.ts'
import { discountedBasket, type VoucherRules } from '#core/tickets/vouchers.ts'
import { CheckTicketVoucherQuery } from './graphql/tickets.queries.ts'

export type VoucherCheck = Check['checkTicketVoucher']
export type UnlockedType = VoucherCheck['unlockedTypes'][number]

/**
 * The basket's "Have a voucher code?" (decision 0049): Apply asks the server what the code does for
 * these lines (or why not); the total is then priced with core's discountedBasket as quantities change.
 * Nothing is counted until the hold.
 */
export function useBasketVoucher(eventSlug: string, onUnlocked: (types: UnlockedType[]) => void) {
  const client = useClient()
  const [applied, setApplied] = useState<VoucherCheck | null>(null)
  const [checking, setChecking] = useState(false)
  const [failed, setFailed] = useState(false)

  const apply = async (code: string, lines: { ticketTypeId: string; quantity: number }[]) => {
    if (!code.trim()) {
      setApplied(null)
      return
    }
    setChecking(true)
    const r = await client
      .query(
        CheckTicketVoucherQuery,
        { eventSlug, code: code.trim(), lines },
        { requestPolicy: 'network-only' },
      )
      .toPromise()
    setChecking(false)
    setFailed(!r.data)
    const check = r.data?.checkTicketVoucher ?? null
    setApplied(check)
    if (check?.unlockedTypes.length) onUnlocked(check.unlockedTypes)
  }

  const rules: Pick<VoucherRules, 'kind' | 'amount' | 'typeIds'> | null =
    applied?.valid && applied.kind
      ? { kind: applied.kind, amount: applied.amount, typeIds: applied.typeIds }
      : null
  const price = (lines: { ticketTypeId: string; quantity: number; unitPricePence: number }[]) =>
    discountedBasket(rules, lines)
  return { applied, checking, failed, apply, price, clear: () => setApplied(null) }
}
