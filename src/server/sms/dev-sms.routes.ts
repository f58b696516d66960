import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'
import { formatPhone } from '#core/auth/phone.ts'
import { sendError } from '#server/http/errors.ts'
import { isSameMachine } from '#server/http/local-request.ts'
import { isLocalSmsInbox } from './sms-provider.ts'

/** Where the local text inbox is: outside production without SMS_URL only. */
export const DEV_SMS_PATH = '/dev/sms'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
ol{list-style:none;padding:0;margin:1.5rem 0 0}
li.message{background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin-bottom:1rem;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:0}
.meta{color:#334155;font-size:.875rem;margin:.25rem 0 .75rem}
.body{font-size:1.125rem;margin:0}
a{color:#1e3a8a;font-weight:600}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
`

/**
 * `/dev/sms` (page) and `/dev/sms.json` (the same texts as JSON): the local text inbox. Outside
 * production without SMS_URL every text is kept here instead of sent, newest first. Shown to this
 * machine only, like /dev/mail.
 */
export async function registerDevSms(app: FastifyInstance): Promise<void> {
  const texts = (request: Parameters<typeof isSameMachine>[0]) => {
    const { config, sms } = request.ctx.services
    if (!isSameMachine(request) && !config.demoPublic) {
      return new AppError(
        'FORBIDDEN',
        'The local text inbox is shown only on the machine the server runs on.',
      )
    }
    return isLocalSmsInbox(sms) ? sms.list() : []
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
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Local text inbox · Stagedoor</title>
<style>${STYLE}</style></head><body><main>
<h1>Local text inbox</h1>
<p>SMS_URL is not set, so texts this server sends are kept here instead. Only this machine can see this page; it does not exist in production. The same list as JSON: <a href="${DEV_SMS_PATH}.json">${DEV_SMS_PATH}.json</a>.</p>
<p><a href="/">Back to Stagedoor</a></p>
${list.length ? `<ol aria-label="Texts, newest first">${items.join('\n')}</ol>` : '<p>No texts yet.</p>'}
</main></body></html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}
