import { parsePounds } from '#core/applications/payments.ts'

/** A payment or refund in pounds ("-5" is a refund) as pence; null when it is not money or is zero. */
export function parsePaymentAmount(input: string): number | null {
  const pence = parsePounds(input)
  return pence === 0 ? null : pence
}

/** 2550 → "25.50" (for an amount field, without the £). */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(pence)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
