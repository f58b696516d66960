import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import { pageTrouble, type BrowserHandle, type PageProblems } from '../support/browser.ts'
import { useSession } from '../support/session.ts'
import { footerLabels, sidebar, sidebarLabels, sidebarSections } from '../support/shell.ts'
import { usePagePerTest } from '../support/page-fixture.ts'

const baseUrl = inject('baseUrl')
const accounts = inject('demoAccounts')

// The spec's tables (§2 Sidebar, Footer; §6 with PRODUCT.md §3's ticketAdmin decision), written out
// here rather than computed, so the test checks the rules instead of repeating them.
const MEMBER_TOP = ['Events', 'Profile', 'Applications']
const ADMIN_EVERY = ['Dashboard', 'Event Config', 'Casting', 'Acceptance', 'Operations']
const ADMIN_BOARD = ['Profiles', 'Ticket Stats', 'Mailing Lists', 'Show Reveals']
const MESSIAH = ['Cast List', 'Info Pack', 'Part Breakdown', 'Venue Access', 'Social Links']

interface Expected {
  email: string
  /** The member sidebar's sections. */
  member: [string | null, string[]][]
  /** The admin sidebar, or null for no admin access. */
  admin: string[] | null
  /** Where the footer's Admin link leads. */
  adminHome?: string
}

const ROLES: Expected[] = [
  {
    email: 'superadmin@stagedoor.test',
    member: [[null, MEMBER_TOP]],
    admin: [...ADMIN_EVERY, ...ADMIN_BOARD, 'Ticket Allocation'],
  },
  {
    email: 'boardmember@stagedoor.test',
    member: [[null, MEMBER_TOP]],
    admin: [...ADMIN_EVERY, ...ADMIN_BOARD],
  },
  {
    email: 'orchestraadmin@stagedoor.test',
    member: [[null, MEMBER_TOP]],
    admin: [...ADMIN_EVERY, ...ADMIN_BOARD],
  },
  { email: 'sitrmd@stagedoor.test', member: [[null, MEMBER_TOP]], admin: ADMIN_EVERY },
  { email: 'socialconvenor@stagedoor.test', member: [[null, MEMBER_TOP]], admin: ADMIN_EVERY },
  {
    email: 'ticketadmin@stagedoor.test',
    member: [[null, MEMBER_TOP]],
    admin: ['Ticket Allocation'],
    adminHome: '/admin/tickets/allocation',
  },
  {
    email: 'member1@stagedoor.test',
    member: [
      [null, MEMBER_TOP],
      ['Messiah Sing-through', MESSIAH],
    ],
    admin: null,
  },
  { email: 'member2@stagedoor.test', member: [[null, MEMBER_TOP]], admin: null },
  { email: 'member3@stagedoor.test', member: [[null, MEMBER_TOP]], admin: null },
]

let browser: BrowserHandle
let page: Page
let problems: PageProblems

usePagePerTest({ clearStorageAt: baseUrl }, (fixture) => {
  ;({ browser, page, problems } = fixture)
})

async function expectCleanPage() {
  expect(await pageTrouble(page, problems)).toEqual({ errors: [], cspViolations: [] })
}

describe('the sidebar and footer of each demo role', () => {
  it.each(ROLES)('$email', async ({ email, member, admin, adminHome }) => {
    const account = demoAccount(accounts, email)
    await useSession(browser.context, baseUrl, account)
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()

    // Member pages.
    expect(await sidebarLabels(page)).toEqual(member)
    expect(await footerLabels(page)).toEqual(
      admin ? ['Your profile', 'Sign out', 'Admin'] : ['Your profile', 'Sign out'],
    )
    expect(await sidebar(page).getByRole('region', { name: 'Your account' }).textContent()).toContain(
      account.name,
    )
    // No picture in the demo: initials instead.
    const initials = account.name
      .split(' ')
      .map((word) => word[0])
      .join('')
    expect(await sidebar(page).locator('[data-initials]').textContent()).toBe(initials)
    const events = sidebar(page).getByRole('link', { name: 'Events' })
    expect(await events.getAttribute('href')).toBe('/')
    expect(await events.getAttribute('aria-current')).toBe('page')

    if (!admin) return expectCleanPage()

    // Admin pages, through the footer's Admin link.
    await sidebar(page)
      .getByRole('region', { name: 'Your account' })
      .getByRole('link', { name: 'Admin' })
      .click()
    await page.waitForURL(`${baseUrl}${adminHome ?? '/admin'}`)
    expect(await sidebarLabels(page)).toEqual([['Admin', admin]])
    expect(await footerLabels(page)).toEqual(['Exit Admin Mode'])

    await sidebar(page).getByRole('link', { name: 'Exit Admin Mode' }).click()
    await page.waitForURL(`${baseUrl}/`)
    expect(await sidebarLabels(page)).toEqual(member)
    await expectCleanPage()
  })
})

describe("member1's sing-through section", () => {
  it('leads to each of its five pages, marking the current one', async () => {
    await useSession(browser.context, baseUrl, demoAccount(accounts, 'member1@stagedoor.test'))
    await page.goto(`${baseUrl}/`)
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor()
    const section = (await sidebarSections(page))[1]
    expect(section?.title).toBe('Messiah Sing-through')
    expect(section?.items.map(({ label, href }) => [label, href])).toEqual([
      ['Cast List', '/messiah-singthrough/cast-list'],
      ['Info Pack', '/applications/messiah-singthrough/participant-info/singer'],
      ['Part Breakdown', '/messiah-singthrough/part-breakdown'],
      ['Venue Access', '/applications/messiah-singthrough/venue-access'],
      ['Social Links', '/events/messiah-singthrough/social'],
    ])

    const headings: Record<string, string> = {
      'Cast List': 'Cast List',
      'Info Pack': 'Info Pack',
      'Part Breakdown': 'Part Breakdown',
      'Venue Access': 'Venue Access',
      'Social Links': 'Social',
    }
    for (const [label, heading] of Object.entries(headings)) {
      await sidebar(page).getByRole('link', { name: label }).click()
      await page.getByRole('heading', { level: 1, name: heading }).waitFor()
      // The page says which event it belongs to, and is the page itself, not a stand-in.
      await page.getByRole('main').getByText('Messiah Sing-through').first().waitFor()
      expect(await page.getByRole('main').textContent()).not.toMatch(/not available yet|not found/i)
      const current = (await sidebarSections(page)).flatMap((s) => s.items).filter((item) => item.current)
      expect(current.map((item) => [item.label, item.current])).toEqual([[label, 'page']])
    }
    await expectCleanPage()
  })
})
