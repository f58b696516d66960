import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '#core/errors.ts'
import { formatPhone } from '#core/auth/phone.ts'
import { sendError } from '#server/http/errors.ts'
import { escapeHtml, localOnlyRefusal, sendDevPage } from '#server/http/dev-page.ts'
import { isLocalSmsInbox } from './sms-provider.ts'

/** Where the local text inbox is: outside production without SMS_URL only. */
export const DEV_SMS_PATH = '/dev/sms'

/**
 * `/dev/sms` (page) and `/dev/sms.json` (the same texts as JSON): the local text inbox. Outside
 * production without SMS_URL every text is kept here instead of sent, newest first. Shown to this
 * machine only, like /dev/mail.
 */
export async function registerDevSms(app: FastifyInstance): Promise<void> {
  const texts = (request: FastifyRequest) => {
    const { sms } = request.ctx.services
    return localOnlyRefusal(request, 'local text inbox') ?? (isLocalSmsInbox(sms) ? sms.list() : [])
  }

  app.get(`${DEV_SMS_PATH}.json`, async (request, reply) => {
    const list = texts(request)
    if (list instanceof AppError) return sendError(reply, list)
    return reply.header('cache-control', 'no-store').send({
      messages: list.map((m) => ({ id: m.id, to: m.to, body: m.body, sentAt: m.sentAt.toISOString() })),
    })
  })

  app.get(DEV_SMS_PATH, async (request, reply) => {
    const list = texts(request)
    if (list instanceof AppError) return sendError(reply, list)
    const items = list.map(
      (m) => `<li class="message"><article aria-labelledby="s${m.id}">
<h2 id="s${m.id}">To ${escapeHtml(formatPhone(m.to))}</h2>
<p class="meta">${escapeHtml(m.sentAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</p>
<p class="body">${escapeHtml(m.body)}</p>
</article></li>`,
    )
    return sendDevPage(reply, {
      title: 'Local text inbox',
      introHtml: `SMS_URL is not set, so texts this server sends are kept here instead. Only this machine can see this page; it does not exist in production. The same list as JSON: <a href="${DEV_SMS_PATH}.json">${DEV_SMS_PATH}.json</a>.`,
      listLabel: 'Texts, newest first',
      items,
      empty: 'No texts yet.',
    })
  })
}
