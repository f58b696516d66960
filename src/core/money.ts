/**
 * Money as people read it, once for every page, email and error (en-GB pounds: "£1,234.50"). Amounts
 * are whole pence everywhere; parsing what staff type is parsePounds in applications/payments.ts.
 */

const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' })

/** An amount: 2500 → "£25.00", 123450 → "£1,234.50", 0 → "£0.00" (what is owed, paid or refunded). */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100)
}

/** A price, where 0 means free: 0 → "Free", 1200 → "£12.00" (a ticket type, an order's total). */
export function formatPrice(pence: number): string {
  return pence === 0 ? 'Free' : formatPence(pence)
}
