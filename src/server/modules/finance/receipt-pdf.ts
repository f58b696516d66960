import { formatPence } from '#core/money.ts'
import { receiptEntryLabel, receiptFigures, type ReceiptEntry } from '#core/payments/receipt.ts'
import { printable } from '#server/modules/tickets/ticket-pdf.ts'
import { localTime } from './money-ledger.queries.ts'

/** Everything a receipt prints, gathered by receipts.ts. */
export interface ReceiptView {
  number: string
  /** When the latest money was received or refunded: the receipt's date. */
  date: Date
  society: { name: string; supportEmail: string }
  payer: { name: string; email: string }
  /** "Tickets for Winter Formal" or "Winter Formal: Participation fee". */
  title: string
  /** Our reference for it: the order's reference, or the application's payment reference. */
  reference: string
  /** What was bought, with amounts; the last line may be a discount (negative). */
  items: { label: string; amountPence: number }[]
  totalPence: number
  entries: ReceiptEntry[]
  /** A word on the whole: "This order was cancelled." */
  note?: string
}

/**
 * A receipt as an A4 PDF (pdf-lib, as the tickets): the society, the receipt's number and date, the
 * payer, what was paid for with amounts, each payment and refund with its method and reference, and
 * the totals paid, refunded and outstanding. Amounts as formatPence ("£0.00").
 */
export async function receiptPdf(receipt: ReceiptView, timeZone: string): Promise<Uint8Array> {
  // NOTE: pdf-lib loads with the first PDF, not at start (decision 0027).
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  doc.setTitle(printable(`Receipt ${receipt.number}: ${receipt.title}`))
  doc.setAuthor(printable(receipt.society.name))
  doc.setProducer('Stagedoor')
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const ink = rgb(0.1, 0.1, 0.2)
  const grey = rgb(0.35, 0.35, 0.45)
  let page = doc.addPage([595, 842])
  const left = 56
  const right = 595 - 56
  let y = 780
  const text = (value: string, size: number, font = regular, x = left, color = ink) => {
    page.drawText(printable(value), { x, y, size, font, color, maxWidth: right - x })
  }
  const amount = (pence: number, size: number, font = regular) => {
    const value = printable(formatPence(pence))
    page.drawText(value, { x: right - font.widthOfTextAtSize(value, size), y, size, font, color: ink })
  }
  // A long history of payments runs onto another page rather than off the bottom of this one.
  const next = (gap: number) => {
    y -= gap
    if (y < 90) {
      page = doc.addPage([595, 842])
      y = 780
    }
  }

  text(receipt.society.name, 20, bold)
  next(18)
  text(receipt.society.supportEmail, 10, regular, left, grey)
  next(40)
  text('Receipt', 16, bold)
  next(22)
  const facts: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Date', localTime(receipt.date, timeZone)],
    ['Received from', `${receipt.payer.name} (${receipt.payer.email})`],
    ['For', receipt.title],
    ['Reference', receipt.reference],
  ]
  for (const [label, value] of facts) {
    text(label, 10, bold)
    text(value, 10, regular, left + 110)
    next(15)
  }
  next(16)
  const rule = () => {
    page.drawLine({
      start: { x: left, y: y + 10 },
      end: { x: right, y: y + 10 },
      thickness: 0.5,
      color: grey,
    })
  }
  text('Item', 10, bold)
  page.drawText('Amount', {
    x: right - bold.widthOfTextAtSize('Amount', 10),
    y,
    size: 10,
    font: bold,
    color: ink,
  })
  next(16)
  rule()
  for (const item of receipt.items) {
    text(item.label, 10, regular, left, ink)
    amount(item.amountPence, 10)
    next(15)
  }
  rule()
  text('Total', 10, bold)
  amount(receipt.totalPence, 10, bold)
  next(30)
  text('Payments and refunds', 10, bold)
  next(16)
  rule()
  for (const entry of receipt.entries) {
    text(localTime(entry.at, timeZone), 9)
    text(receiptEntryLabel(entry), 9, regular, left + 100)
    text(entry.reference ? entry.reference.slice(0, 40) : '', 8, regular, left + 240, grey)
    amount(entry.amountPence, 9)
    next(14)
  }
  rule()
  const figures = receiptFigures(receipt.totalPence, receipt.entries)
  const totals: [string, number][] = [['Paid', figures.receivedPence]]
  if (figures.refundedPence)
    totals.push(['Refunded', figures.refundedPence], ['Paid after refunds', figures.paidPence])
  totals.push(['Outstanding', figures.outstandingPence])
  for (const [label, pence] of totals) {
    text(label, 10, bold)
    amount(pence, 10, bold)
    next(15)
  }
  if (receipt.note) {
    next(12)
    text(receipt.note, 10, bold)
  }
  doc
    .getPages()[0]!
    .drawText(printable(`Thank you. Questions about this receipt: ${receipt.society.supportEmail}`), {
      x: left,
      y: 56,
      size: 8,
      font: regular,
      color: grey,
    })
  return doc.save()
}
