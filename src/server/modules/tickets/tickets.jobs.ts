import { systemContext } from '#server/context.ts'
import type { Services } from '#server/services.ts'
import { RELEASE_ORDER_JOB } from './hold-tickets.ts'
import { releaseOrder } from './release-order.ts'
import { TICKET_PDF_ATTACHMENT, ticketPdfRenderer } from './ticket-pdf.ts'

/**
 * The ticket jobs: releasing a lapsed hold, waitlist offer or unpaid ballot offer at its `payBy`;
 * and the tickets' PDFs that the mail job attaches at send time.
 */
export function registerTicketJobs(services: Services): void {
  services.mailer.registerAttachment(TICKET_PDF_ATTACHMENT, ticketPdfRenderer(services))
  services.queue.register<{ orderId: string }>(RELEASE_ORDER_JOB, async ({ orderId }) => {
    await releaseOrder(systemContext(services, `job:${RELEASE_ORDER_JOB}:${orderId}`), orderId)
  })
}
