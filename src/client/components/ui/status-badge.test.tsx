import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { StatusBadge } from './status-badge.tsx'

/** The text a reader sees (markup and screen-reader-only spans aside). */
const visibleText = (html: string) =>
  html
    .replace(/<span class="sr-only">[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()

describe('StatusBadge', () => {
  it.each(APPLICATION_STATUSES)('never shows the code %s to anyone', (status) => {
    for (const audience of ['member', 'staff'] as const) {
      const html = renderToStaticMarkup(<StatusBadge status={status} audience={audience} />)
      expect(visibleText(html)).not.toContain(status)
      expect(html).toContain(`data-status="${status}"`)
    }
  })

  it('reads member words to members and staff words to staff', () => {
    expect(visibleText(renderToStaticMarkup(<StatusBadge status="SUBMITTED" audience="member" />))).toBe(
      'Applied',
    )
    expect(visibleText(renderToStaticMarkup(<StatusBadge status="SUBMITTED" audience="staff" />))).toBe(
      'Submitted',
    )
  })

  it('puts the application type first, and tells screen readers which is the status', () => {
    const html = renderToStaticMarkup(<StatusBadge status="OFFERED" audience="member" typeLabel="Guest" />)
    expect(visibleText(html)).toBe('Guest·Offered a place')
    expect(html).toContain('<span class="sr-only">status:</span>')
  })

  it('can leave the "Status:" out where a column header says it', () => {
    const html = renderToStaticMarkup(<StatusBadge status="PAID" audience="staff" announce={false} />)
    expect(html).not.toContain('sr-only')
  })

  it('counts applications of a status in lower case', () => {
    const html = renderToStaticMarkup(<StatusBadge status="WAITLISTED" audience="staff" count={3} />)
    expect(visibleText(html)).toBe('3 waitlisted')
    expect(html).not.toContain('sr-only')
  })
})
