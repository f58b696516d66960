import type { Page } from 'playwright-core'
import { describe } from 'vitest'
import { AUDIT_ACTIONS } from '../../src/core/audit/audit-actions.ts'
import { ROLES } from '../../src/core/auth/roles.ts'
import { enumName } from '../../src/core/closed-set.ts'
import { ROUTE_URLS } from '../accessibility/routes.ts'
import { pageReady } from '../support/browser.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// Issue 29, done when: the demo society admin walks every admin route at 1280 and 375 px. No page
// and no table is wider than its box (at 375 rows are cards), and the visible text holds no role
// code, no audit action code and no ISO date. One journey per width: one sign-in, every route.

// Every admin route of the router, and the tabs of Operations for the sing-through (its rehearsal
// dates fill Attendance) and the concert.
const OPERATIONS_TABS = ['pending', 'money', 'contacts', 'attendance'].flatMap((tab) =>
  ['messiah-singthrough', 'winter-concert'].map((event) => `/admin/operations/${event}?tab=${tab}`),
)
const ADMIN_URLS = [
  ...Object.entries(ROUTE_URLS)
    .filter(([route]) => route.startsWith('/admin'))
    .map(([, url]) => url),
  '/admin/operations/messiah-singthrough',
  ...OPERATIONS_TABS,
]

const words = (codes: readonly string[]) =>
  new RegExp(`(?<![\\w.])(${codes.map((c) => c.replace(/\./g, '\\.')).join('|')})(?![\\w])`, 'g')
const ROLE_CODE = words(ROLES)
// An audit action shown as its stored word (`tickets.hold`) or its GraphQL name (`TICKETS_HOLD`).
const AUDIT_CODE = words([...AUDIT_ACTIONS, ...AUDIT_ACTIONS.map(enumName)])
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g

interface Finding {
  url: string
  problem: string
}

/** What is wrong with the open page: its width, its tables' widths and its words. */
async function problemsOf(page: Page, url: string): Promise<Finding[]> {
  const measured = await page.evaluate(() => ({
    page: { scroll: document.documentElement.scrollWidth, viewport: window.innerWidth },
    tables: [...document.querySelectorAll('table')]
      .filter((table) => table.getClientRects().length > 0)
      .map((table) => ({
        caption:
          table.caption?.textContent?.trim() ??
          table.closest('section')?.querySelector('h2')?.textContent ??
          '',
        scroll: table.scrollWidth,
        box: table.parentElement?.clientWidth ?? 0,
      })),
    text: document.body.innerText,
  }))
  const found: Finding[] = []
  if (measured.page.scroll > measured.page.viewport)
    found.push({ url, problem: `page ${measured.page.scroll} px wide in ${measured.page.viewport}` })
  for (const table of measured.tables)
    if (table.scroll > table.box)
      found.push({ url, problem: `table "${table.caption}" ${table.scroll} px wide in ${table.box}` })
  for (const [name, pattern] of [
    ['role code', ROLE_CODE],
    ['audit code', AUDIT_CODE],
    ['ISO date', ISO_DATE],
  ] as const) {
    const hits = [...new Set(measured.text.match(pattern) ?? [])]
    if (hits.length > 0) found.push({ url, problem: `${name}: ${hits.join(', ')}` })
  }
  return found
}

describe('every admin page, as the society admin', () => {
  test.for([1280, 375])(
    'at %i px: nothing wider than the page, no codes, no ISO dates',
    { timeout: 240_000 },
    async (width, { page, signedInAs, expectClean }) => {
      await signedInAs('superadmin')
      await page.setViewportSize({ width, height: 900 })
      const findings: Finding[] = []
      for (const url of ADMIN_URLS) {
        await page.goto(`${baseUrl}${url}`)
        await pageReady(page, 'main h1')
        findings.push(...(await problemsOf(page, url)))
        if (process.env.SWEEP_SHOTS)
          await page.screenshot({
            path: `${process.env.SWEEP_SHOTS}/${width}${url.replace(/[/?=]/g, '_')}.png`,
            fullPage: true,
          })
      }
      expect(ADMIN_URLS.length).toBeGreaterThan(25)
      expect(findings).toEqual([])
      // At 1280 the two tables with a payment button are tables, not cards, and the button is in view.
      if (width === 1280) {
        for (const url of ['/admin/acceptance/winter-concert', '/admin/operations/winter-concert']) {
          await page.goto(`${baseUrl}${url}`)
          const pay = page.getByRole('button', { name: /^Record payment for / }).first()
          await pay.waitFor()
          expect(await page.locator('[data-cards]').count(), url).toBe(0)
          const box = await pay.boundingBox()
          expect(box!.x + box!.width, url).toBeLessThanOrEqual(width)
        }
      }
      await expectClean([/no-such-application/])
    },
  )
})
