import { Button } from '#client/components/ui/button.tsx'
import { TextInput } from '#client/components/ui/form/index.ts'
import { formatPence } from '#core/money.ts'
import type { DiscountedBasket } from '#core/tickets/vouchers.ts'
import type { VoucherCheck } from '../use-basket-voucher.ts'
import type { BasketValues } from '../use-ticket-basket.ts'

/**
 * The basket's "Have a voucher code?" and its total (decision 0049): Apply says what the code does or
 * why not, and the total shows the discount as the quantities change.
 */
export function BasketVoucher({
  count,
  priced,
  applied,
  checking,
  failed,
  onApply,
}: {
  count: number
  priced: DiscountedBasket
  applied: VoucherCheck | null
  checking: boolean
  failed: boolean
  onApply: () => void
}) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextInput<BasketValues>
            name="voucherCode"
            label="Have a voucher code?"
            autoComplete="off"
            hint="Apply it to see your total; it is used when you continue."
          />
        </div>
        <Button type="button" variant="secondary" pending={checking} onClick={onApply}>
          Apply code
        </Button>
      </div>
      <div aria-live="polite">
        {failed ? <p className="text-sm text-red-700">The code could not be checked: try again.</p> : null}
        {applied && !applied.valid ? (
          <p className="text-sm text-red-700">
            {applied.code}: {applied.reason}
          </p>
        ) : null}
        {applied?.valid ? (
          <p className="text-sm text-green-800">
            {applied.code}: {applied.description}
            {applied.unlockedTypes.length
              ? ` (${applied.unlockedTypes.map((t) => t.name).join(', ')} added to the basket above)`
              : ''}
          </p>
        ) : null}
        {priced.discountPence > 0 ? (
          <p className="text-sm text-slate-700">
            {formatPence(priced.subtotalPence)} less {formatPence(priced.discountPence)}
          </p>
        ) : null}
        <p className="font-semibold text-slate-900">
          {count} ticket{count === 1 ? '' : 's'}: {formatPence(priced.totalPence)}
        </p>
      </div>
    </div>
  )
}
