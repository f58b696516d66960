import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '#core/errors.ts'
import { requireTokenViewer } from '#server/auth/viewer.ts'
import { sendError } from '#server/http/errors.ts'
import { bearerToken } from '#server/http/headers.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import type { Services } from '#server/services.ts'
import { receiptPdf, type ReceiptView } from './receipt-pdf.ts'
import { applicationLineReceipt, ticketOrderReceipt } from './receipts.ts'

async function sendReceipt(reply: FastifyReply, services: Services, receipt: ReceiptView) {
  const pdf = await receiptPdf(receipt, (await societySettingsOf(services)).timeZone)
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="receipt-${receipt.number}.pdf"`)
    .send(Buffer.from(pdf))
}

/**
 * Receipts as PDFs (issue 28, decision 0052). `GET /api/tickets/order/{token}/receipt.pdf`: a ticket
 * order's, for whoever holds the order page's token. `GET /api/applications/{id}/receipts/{line}.pdf`:
 * a payment line's, by access token, for its member and finance staff (NOT_FOUND for anyone else).
 * Nothing paid yet: 409 CONFLICT, with the reason.
 */
export async function registerReceiptRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { token: string } }>('/api/tickets/order/:token/receipt.pdf', async (request, reply) => {
    try {
      return await sendReceipt(
        reply,
        request.ctx.services,
        await ticketOrderReceipt(request.ctx, request.params.token),
      )
    } catch (error) {
      if (error instanceof AppError) return sendError(reply, error)
      throw error
    }
  })

  app.get<{ Params: { id: string; file: string } }>(
    '/api/applications/:id/receipts/:file',
    async (request, reply) => {
      try {
        // The access token only: `request.viewer` is set before `request.ctx` is built.
        request.viewer = await requireTokenViewer(
          request.server.services.viewers,
          bearerToken(request.headers.authorization),
          'Sign in to download your receipt.',
        )
        const [, lineKey] = /^(.+)\.pdf$/.exec(request.params.file) ?? []
        if (!lineKey) throw new AppError('NOT_FOUND', 'No such receipt.')
        const receipt = await applicationLineReceipt(request.ctx, request.params.id, lineKey)
        return await sendReceipt(reply, request.ctx.services, receipt)
      } catch (error) {
        if (error instanceof AppError) return sendError(reply, error)
        throw error
      }
    },
  )
}
