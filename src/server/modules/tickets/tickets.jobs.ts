import { systemContext, type RequestContext } from '#server/context.ts'
import type { Services } from '#server/services.ts'
import { RELEASE_ORDER_JOB } from './held-orders.ts'
import { releaseOrder } from './release-order.ts'
import { TICKET_PDF_ATTACHMENT, ticketPdfRenderer } from './ticket-pdf.ts'
import { z } from 'zod'

/**
 * The ticket jobs: releasing a lapsed hold, waitlist offer or unpaid ballot offer at its `payBy`;
 * and the tickets' PDFs that the mail job attaches at send time.
 */
export function registerTicketJobs(services: Services, hooks: TicketJobHooks = {}): void {
  services.mailer.registerAttachment(TICKET_PDF_ATTACHMENT, ticketPdfRenderer(services))
  services.queue.register(RELEASE_ORDER_JOB, z.object({ orderId: z.string() }), async ({ orderId }) => {
    const ctx = systemContext(services, `job:${RELEASE_ORDER_JOB}:${orderId}`)
    await hooks.beforeRelease?.(ctx, orderId)
    await releaseOrder(ctx, orderId)
  })
}

export interface TicketJobHooks {
  /**
   * Run before a held order is released: the card payments module asks Stripe about the order's
   * card checkouts past their expiry, recording one paid at the last moment (decision 0054). Passed
   * in by the job wiring so that tickets never imports card-payments (which imports tickets).
   */
  beforeRelease?: (ctx: RequestContext, orderId: string) => Promise<void>
}
