import type { FastifyInstance } from 'fastify'
import { sendError } from '#server/http/errors.ts'
import { escapeHtml, localOnlyRefusal, sendDevPage } from '#server/http/dev-page.ts'

/** Where the local inbox is: outside production without SMTP_URL only. */
export const DEV_MAIL_PATH = '/dev/mail'

/** The http(s) links of a plain-text message, in order, without repeats. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []
  return [...new Set(found.map((link) => link.replace(/[.,;:]+$/, '')))]
}

/**
 * `/dev/mail`: the local inbox. Outside production without SMTP_URL every message is delivered here
 * instead of by SMTP, newest first, with its links ready to follow. Shown to this machine only.
 */
export async function registerDevInbox(app: FastifyInstance): Promise<void> {
  app.get(DEV_MAIL_PATH, async (request, reply) => {
    const refusal = localOnlyRefusal(request, 'local mail inbox')
    if (refusal) return sendError(reply, refusal)
    const rows = await request.ctx.services.mailer.list({ limit: 100 })
    const items = rows.map((row) => {
      const links = linksIn(row.text)
      return `<li class="message"><article aria-labelledby="m${row.id}">
<h2 id="m${row.id}">${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to)} · ${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 16))} UTC</p>
${links.length ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>` : '<p>No links in this message.</p>'}
<details><summary>Whole message</summary><pre>${escapeHtml(row.text)}</pre></details>
</article></li>`
    })
    return sendDevPage(reply, {
      title: 'Local mail inbox',
      introHtml:
        'SMTP_URL is not set, so mail this server sends is delivered here instead. Only this machine can see this page; it does not exist in production.',
      listLabel: 'Messages, newest first',
      items,
      empty: 'No mail yet.',
    })
  })
}
