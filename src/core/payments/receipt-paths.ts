// Where receipts are downloaded (issue 28, decision 0052): both sides build the same paths. No
// imports, so a member page that links a receipt pulls in nothing else.

/** A ticket order's receipt: its page's secret is the key (no account needed). */
export const orderReceiptPath = (orderToken: string) =>
  `/api/tickets/order/${encodeURIComponent(orderToken)}/receipt.pdf`

/** A payment line's receipt: by access token, the member's own or finance staff's. */
export const lineReceiptPath = (applicationId: string, lineKey: string) =>
  `/api/applications/${encodeURIComponent(applicationId)}/receipts/${encodeURIComponent(lineKey)}.pdf`
