import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'
import { sendError } from '#server/http/errors.ts'
import { calendar } from '#server/modules/events/calendar.routes.ts'
import { liveTickets, ORDER_LINK_INVALID, orderByToken } from './order-page.ts'
import { ticketPdf, ticketsPdf } from './ticket-pdf.ts'
import { ticketByCode } from './tickets.queries.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

/**
 * `/api/tickets/{code}.pdf`: a valid ticket as a PDF, for whoever holds its code (print or wallet).
 * `/api/tickets/order/{token}.pdf`: every live ticket of an order in one PDF, a page each, and
 * `/api/tickets/order/{token}.ics`: the order's event for a calendar; the order page's secret is the key.
 */
export async function registerTicketPdfRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/api/tickets/order/:file', async (request, reply) => {
    const [, token, ext] = /^(.*)\.(pdf|ics)$/.exec(request.params.file) ?? []
    if (!token || !ext) return sendError(reply, new AppError('NOT_FOUND', ORDER_LINK_INVALID))
    const order = await orderByToken(request.ctx, token).catch((e: unknown) => {
      if (e instanceof AppError) return e
      throw e
    })
    if (order instanceof AppError) return sendError(reply, order)
    const society = await societySettingsOf(request.ctx.services)
    if (ext === 'ics') {
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${order.event.slug}.ics"`)
        .send(calendar(request.ctx, society, order.event.title, [order.event]))
    }
    const live = liveTickets(order)
    if (live.length === 0)
      return sendError(reply, new AppError('NOT_FOUND', 'This order has no tickets to print.'))
    const pdf = await ticketsPdf(
      live,
      `Tickets: ${order.event.title}, order ${order.reference}`,
      society.timeZone,
    )
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="tickets-${order.event.slug}.pdf"`)
      .send(Buffer.from(pdf))
  })

  app.get<{ Params: { file: string } }>('/api/tickets/:file', async (request, reply) => {
    const code = request.params.file.replace(/\.pdf$/, '')
    const ticket = await ticketByCode(request.ctx, code)
    if (!ticket) return sendError(reply, new AppError('NOT_FOUND', 'No valid ticket has that code.'))
    const pdf = await ticketPdf(ticket, (await societySettingsOf(request.ctx.services)).timeZone)
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="ticket-${ticket.eventSlug}.pdf"`)
      .send(Buffer.from(pdf))
  })
}
