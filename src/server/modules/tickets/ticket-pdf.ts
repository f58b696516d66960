import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns/format'
import { systemContext } from '#server/context.ts'
import type { MailAttachmentRef, RenderedAttachment } from '#server/mail/attachments.ts'
import type { Services } from '#server/services.ts'
import { ticketByCode, type MyTicketView } from './tickets.queries.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

export const TICKET_PDF_ATTACHMENT = 'ticket-pdf'

/** An email's reference to a ticket's PDF, rendered when the email is sent. */
export function ticketPdfAttachment(ticketCode: string): MailAttachmentRef {
  return { kind: TICKET_PDF_ATTACHMENT, ticketCode }
}

/**
 * The renderer the mailer calls at send time: the ticket's PDF while its code is still valid; null
 * (left out) once it was cancelled, transferred (a new code) or used.
 */
export function ticketPdfRenderer(services: Services) {
  return async (ref: MailAttachmentRef): Promise<RenderedAttachment | null> => {
    const ticket = ref.ticketCode
      ? await ticketByCode(systemContext(services, 'mail:ticket-pdf'), ref.ticketCode)
      : null
    // An email sent after the door scanned the ticket leaves it out: it was used.
    if (!ticket || ticket.status !== 'VALID') return null
    const pdf = await ticketPdf(ticket, (await societySettingsOf(services)).timeZone)
    const who = ticket.attendeeName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'ticket'
    return {
      filename: `ticket-${ticket.eventSlug}-${who}.pdf`,
      contentType: 'application/pdf',
      content: Buffer.from(pdf),
    }
  }
}

/** "Checked in at 19:02, Sat 5 Dec 2026", on the society's clocks. */
export function checkedInWords(at: Date, timeZone: string): string {
  return `Checked in at ${format(new TZDate(at, timeZone), 'HH:mm, EEE d MMM yyyy')}`
}

/** Standard fonts speak WinAnsi only: anything else (curly quotes aside) becomes '?'. */
export function printable(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff£]/g, '?')
}

/**
 * One ticket as a PDF (A6 portrait, wallet-friendly): the event, the holder, the type and its info,
 * the seat when assigned, and the QR of the code the door scans.
 */
export async function ticketPdf(ticket: MyTicketView, timeZone: string): Promise<Uint8Array> {
  return ticketsPdf([ticket], `Ticket: ${ticket.eventTitle}`, timeZone)
}

/**
 * Several tickets in one PDF, a page each as `ticketPdf` draws it: a whole order's tickets to print
 * at once (the order page's "Download all tickets").
 */
export async function ticketsPdf(
  list: readonly MyTicketView[],
  title: string,
  timeZone: string,
): Promise<Uint8Array> {
  // NOTE: pdf-lib and qrcode load with the first ticket PDF, not at start (decision 0027).
  const [{ PDFDocument, rgb, StandardFonts }, { default: QRCode }] = await Promise.all([
    import('pdf-lib'),
    import('qrcode'),
  ])
  const doc = await PDFDocument.create()
  doc.setTitle(printable(title))
  doc.setProducer('Stagedoor')
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const mono = await doc.embedFont(StandardFonts.Courier)
  const ink = rgb(0.1, 0.1, 0.2)
  for (const ticket of list) {
    const page = doc.addPage([298, 420])
    let y = 390
    const line = (text: string, size: number, font = regular) => {
      page.drawText(printable(text), {
        x: 20,
        y,
        size,
        font,
        color: ink,
        maxWidth: 258,
        lineHeight: size + 3,
      })
      y -= size + 6
    }
    line(ticket.eventTitle, 16, bold)
    const when = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone,
    }).format(ticket.eventStart)
    line(when, 10)
    y -= 4
    line(`${ticket.typeName} - ${ticket.attendeeName}`, 12, bold)
    if (ticket.seat) line(ticket.seat, 11)
    if (ticket.checkedInAt) line(checkedInWords(ticket.checkedInAt, timeZone), 10, bold)
    if (ticket.typeInfo) line(ticket.typeInfo.slice(0, 160), 8)
    const png = await QRCode.toBuffer(ticket.code, { margin: 1, width: 400, errorCorrectionLevel: 'M' })
    const qr = await doc.embedPng(png)
    page.drawImage(qr, { x: 59, y: 60, width: 180, height: 180 })
    page.drawText(ticket.code, { x: 20, y: 40, size: 8, font: mono, color: ink })
    page.drawText('Show this code at the door. Anyone with it can use the ticket.', {
      x: 20,
      y: 24,
      size: 7,
      font: regular,
      color: ink,
    })
  }
  return doc.save()
}
