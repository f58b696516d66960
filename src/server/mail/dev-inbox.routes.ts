import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'
import { sendError } from '#server/http/errors.ts'
import { isSameMachine } from '#server/http/local-request.ts'

/** Where the local inbox is: outside production without SMTP_URL only. */
export const DEV_MAIL_PATH = '/dev/mail'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** The http(s) links of a plain-text message, in order, without repeats. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? []
  return [...new Set(found.map((link) => link.replace(/[.,;:]+$/, '')))]
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:56rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
ol{list-style:none;padding:0;margin:1.5rem 0 0}
li.message{background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:1rem;margin-bottom:1rem;overflow-wrap:anywhere}
h2{font-size:1.1rem;margin:0}
.meta{color:#334155;font-size:.875rem;margin:.25rem 0 .75rem}
a{color:#1e3a8a;font-weight:600}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
pre{white-space:pre-wrap;background:#f1f5f9;padding:.75rem;border-radius:.375rem;font-size:.875rem}
`

/**
 * `/dev/mail`: the local inbox. Outside production without SMTP_URL every message is delivered here
 * instead of by SMTP, newest first, with its links ready to follow. Shown to this machine only.
 */
export async function registerDevInbox(app: FastifyInstance): Promise<void> {
  app.get(DEV_MAIL_PATH, async (request, reply) => {
    const { config, mailer } = request.ctx.services
    if (!isSameMachine(request) && !config.demoPublic) {
      return sendError(
        reply,
        new AppError('FORBIDDEN', 'The local mail inbox is shown only on the machine the server runs on.'),
      )
    }
    const rows = await mailer.list({ limit: 100 })
    const items = rows.map((row) => {
      const links = linksIn(row.text)
      return `<li class="message"><article aria-labelledby="m${row.id}">
<h2 id="m${row.id}">${escapeHtml(row.subject)}</h2>
<p class="meta">To ${escapeHtml(row.to)} · ${escapeHtml(row.createdAt.toISOString().replace('T', ' ').slice(0, 16))} UTC</p>
${links.length ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>` : '<p>No links in this message.</p>'}
<details><summary>Whole message</summary><pre>${escapeHtml(row.text)}</pre></details>
</article></li>`
    })
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Local mail inbox · Stagedoor</title>
<style>${STYLE}</style></head><body><main>
<h1>Local mail inbox</h1>
<p>SMTP_URL is not set, so mail this server sends is delivered here instead. Only this machine can see this page; it does not exist in production.</p>
<p><a href="/">Back to Stagedoor</a></p>
${rows.length ? `<ol aria-label="Messages, newest first">${items.join('\n')}</ol>` : '<p>No mail yet.</p>'}
</main></body></html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}
