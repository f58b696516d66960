import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'
import { sendError } from '#server/http/errors.ts'
import { ticketPdf } from './ticket-pdf.ts'
import { ticketByCode } from './tickets.queries.ts'

/** `/api/tickets/{code}.pdf`: a valid ticket as a PDF, for whoever holds its code (print or wallet). */
export async function registerTicketPdfRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/api/tickets/:file', async (request, reply) => {
    const code = request.params.file.replace(/\.pdf$/, '')
    const ticket = await ticketByCode(request.ctx, code)
    if (!ticket) return sendError(reply, new AppError('NOT_FOUND', 'No valid ticket has that code.'))
    const pdf = await ticketPdf(ticket, request.ctx.services.config.timeZone)
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="ticket-${ticket.eventSlug}.pdf"`)
      .send(Buffer.from(pdf))
  })
}
