/**
 * What staff decide on the acceptance page, and how each decision reads (beside status-wording.ts:
 * the server's decision enum and the page's buttons read the same list).
 */

/** Every decision the acceptance page can preview and make. */
export const DECISION_ACTIONS = ['OFFER', 'WAITLIST', 'REJECT', 'CANCEL'] as const
export type DecisionAction = (typeof DECISION_ACTIONS)[number]

/** The decisions offered as bulk buttons over selected applications. */
export const BULK_ACTIONS = ['OFFER', 'WAITLIST', 'REJECT'] as const satisfies readonly DecisionAction[]
export type BulkAction = (typeof BULK_ACTIONS)[number]

const applicationsCount = (n: number) => (n === 1 ? '1 application' : `${n} applications`)

export interface DecisionWording {
  /** The button: "Offer". */
  verb: string
  /** The confirming button for `n` applications: "Send 3 offers". */
  confirm: (n: number) => string
}

export const DECISION_WORDING: Readonly<Record<DecisionAction, DecisionWording>> = {
  OFFER: { verb: 'Offer', confirm: (n) => (n === 1 ? 'Send 1 offer' : `Send ${n} offers`) },
  WAITLIST: { verb: 'Waitlist', confirm: (n) => `Waitlist ${applicationsCount(n)}` },
  REJECT: { verb: 'Reject', confirm: (n) => `Reject ${applicationsCount(n)}` },
  CANCEL: { verb: 'Cancel place', confirm: (n) => `Cancel the place of ${applicationsCount(n)}` },
}
