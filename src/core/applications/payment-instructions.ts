import type { HowToPay } from '../events/event-config.schemas.ts'
import type { BankDetails } from '../society/society-settings.schemas.ts'

export interface PaymentInstructions {
  method: HowToPay['method']
  /** One line: how to pay. */
  summary: string
  /** What the member quotes when paying. */
  reference: string
  /** The account to transfer to, when the method is a bank transfer and the event gives it. */
  bank: { accountName: string; sortCode: string; accountNumber: string } | null
  note: string | null
}

/**
 * What a member reads beside what they owe: how to pay it, with their own reference for a bank
 * transfer. The event chooses the method and may add a note (`eventConfig.howToPay`); the account is
 * the society's, set once in its settings (decision 0039). An event saved before settings existed
 * keeps the account it stored until the society gives its own. Online payment is not offered until a
 * provider exists.
 */
export function paymentInstructions(
  given: Partial<HowToPay> | undefined,
  reference: string,
  society?: Pick<BankDetails, 'accountName' | 'sortCode' | 'accountNumber'>,
): PaymentInstructions {
  const howToPay: HowToPay = {
    method: 'BANK_TRANSFER',
    accountName: '',
    sortCode: '',
    accountNumber: '',
    note: '',
    ...given,
    ...(society?.accountName && society.sortCode && society.accountNumber
      ? {
          accountName: society.accountName,
          sortCode: society.sortCode,
          accountNumber: society.accountNumber,
        }
      : {}),
  }
  const note = howToPay.note.trim() || null
  switch (howToPay.method) {
    case 'AT_THE_DOOR':
      return {
        method: howToPay.method,
        summary: 'Pay at the door on the day, by cash or card. Give your name and reference.',
        reference,
        bank: null,
        note,
      }
    case 'ONLINE':
      return {
        method: howToPay.method,
        summary:
          'Online payment is not set up yet. The committee will email you how to pay; quote your reference.',
        reference,
        bank: null,
        note,
      }
    case 'BANK_TRANSFER': {
      const { accountName, sortCode, accountNumber } = howToPay
      const complete = Boolean(accountName && sortCode && accountNumber)
      return {
        method: howToPay.method,
        summary: complete
          ? 'Pay by bank transfer to the account below, with your reference so the treasurer can match it.'
          : 'Pay by bank transfer. The committee will send you the bank details; quote your reference.',
        reference,
        bank: complete ? { accountName, sortCode, accountNumber } : null,
        note,
      }
    }
  }
}
