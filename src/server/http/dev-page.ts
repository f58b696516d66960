import type { FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#core/errors.ts'
import { isSameMachine } from './local-request.ts'

/**
 * The local inboxes outside production (`/dev/mail`, `/dev/sms`): shown to this machine only (or
 * to anyone with DEMO_PUBLIC), as one plain page each with the same look.
 */
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
pre{white-space:pre-wrap;background:#f1f5f9;padding:.75rem;border-radius:.375rem;font-size:.875rem}
`

/** Text into the page, with named entities (what the inbox tests and a reader's view-source see). */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** FORBIDDEN for a request from another machine (unless the demo is public); null when it may see `what`. */
export function localOnlyRefusal(request: FastifyRequest, what: string): AppError | null {
  if (isSameMachine(request) || request.ctx.services.config.demoPublic) return null
  return new AppError('FORBIDDEN', `The ${what} is shown only on the machine the server runs on.`)
}

/** One local inbox page: its title, an explanation (HTML), and its items, newest first. */
export function sendDevPage(
  reply: FastifyReply,
  page: { title: string; introHtml: string; listLabel: string; items: string[]; empty: string },
): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} · Stagedoor</title>
<style>${STYLE}</style></head><body><main>
<h1>${escapeHtml(page.title)}</h1>
<p>${page.introHtml}</p>
<p><a href="/">Back to Stagedoor</a></p>
${page.items.length ? `<ol aria-label="${escapeHtml(page.listLabel)}">${page.items.join('\n')}</ol>` : `<p>${escapeHtml(page.empty)}</p>`}
</main></body></html>`
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
}
