import type { Page } from 'playwright-core'
import { baseUrl, expect, test, type Who } from '../support/fixtures.ts'

// 200 % zoom (issue 19, WCAG 1.4.4/1.4.10): a 1280 px window at 200 % is 640 CSS px wide. The key
// pages lay out at that width with no sideways scrolling of the page and nothing cut off: what does
// not fit sits in a container that scrolls itself (a wide table), which a user can still reach.

const PAGES: [Who, string][] = [
  [null, '/'],
  [null, '/events'],
  [null, '/events/winter-concert'],
  [null, '/winter-formal/ticket-sales'],
  ['member1', '/applications'],
  ['member1', '/tickets'],
  ['member1', '/profile'],
  ['member1', '/messiah-singthrough/note-bashing'],
  ['member1', '/applications/messiah-singthrough/venue-access'],
  ['superadmin', '/admin'],
  ['superadmin', '/admin/casting/winter-concert'],
  ['superadmin', '/admin/acceptance/winter-concert'],
  ['superadmin', '/admin/operations/messiah-singthrough'],
  ['ticketadmin', '/admin/winter-formal/tickets/check-in'],
]

/** Elements that stick out of the viewport, or whose text a non-scrolling box cuts off. */
function lostContent(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth
    const scrollsItself = (el: Element | null): boolean => {
      for (let a = el?.parentElement; a && a !== document.body; a = a.parentElement) {
        const x = getComputedStyle(a).overflowX
        if (x === 'auto' || x === 'scroll') return true
      }
      return false
    }
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
    const lost: string[] = []
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect()
      if (rect.width <= 1 || rect.height <= 1) continue // sr-only and empty boxes
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.position === 'fixed') continue
      if (rect.right > width + 1 && !scrollsItself(el)) lost.push(`past the edge: ${describe(el)}`)
      const clips = style.overflowX === 'hidden' || style.overflowX === 'clip'
      // A field scrolls its own value; a truncated label carries its full text in a title.
      const ownScroller = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)
      const truncates = ownScroller || (style.textOverflow === 'ellipsis' && el.hasAttribute('title'))
      if (clips && !truncates && el.scrollWidth > el.clientWidth + 1 && !scrollsItself(el))
        lost.push(`cut off: ${describe(el)}`)
    }
    return { overflow: document.documentElement.scrollWidth - width, lost: lost.slice(0, 10) }
  })
}

test(
  'key pages at 200 % zoom (640 CSS px): no sideways scrolling, nothing cut off',
  { timeout: 120_000 },
  async ({ page, signedInAs }) => {
    await page.setViewportSize({ width: 640, height: 400 })
    const failures: string[] = []
    for (const [who, path] of PAGES) {
      await signedInAs(who)
      await page.goto(`${baseUrl}${path}`)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      const { overflow, lost } = await lostContent(page)
      if (overflow > 0) failures.push(`${path}: the page scrolls sideways by ${overflow} px`)
      for (const l of lost) failures.push(`${path}: ${l}`)
    }
    expect(failures).toEqual([])
  },
)
