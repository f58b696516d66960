import { describe, inject } from 'vitest'
import { demoAccount } from '../support/accounts.ts'
import { baseUrl, expect, test } from '../support/fixtures.ts'
import { footerLabels, sidebar, sidebarLabels, sidebarSections } from '../support/shell.ts'

const accounts = inject('demoAccounts')

// The spec's tables (§2 Sidebar, Footer; §6 with PRODUCT.md §3's ticketAdmin decision), written out
// here rather than computed, so the test checks the rules instead of repeating them.
const MEMBER_TOP = ['Events', 'Profile', 'Applications']
const ADMIN_EVERY = ['Dashboard', 'Event Config', 'Casting', 'Acceptance', 'Operations']
const ADMIN_BOARD = ['Profiles', 'Ticket Stats', 'Mailing Lists', 'Show Reveals']
// The committee's page (issue 12), after Profiles, for those who change committee roles.
const ADMIN_COMMITTEE = ['Profiles', 'Committee', 'Ticket Stats', 'Mailing Lists', 'Show Reveals']
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
    admin: [...ADMIN_EVERY, ...ADMIN_COMMITTEE, 'Tickets', 'Ticket Allocation', 'Money', 'Society Settings'],
  },
  {
    email: 'boardmember@stagedoor.test',
    member: [[null, MEMBER_TOP]],
    admin: [...ADMIN_EVERY, ...ADMIN_COMMITTEE, 'Money'],
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
    admin: ['Tickets', 'Ticket Allocation'],
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

describe('the sidebar and footer of each demo role', () => {
  test.for(ROLES)(
    '$email',
    async ({ email, member, admin, adminHome }, { page, signedInAs, expectClean }) => {
      const account = await signedInAs(demoAccount(accounts, email))
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

      if (!admin) return expectClean()

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
      await expectClean()
    },
  )
})

describe("member1's sing-through section", () => {
  test('leads to each of its five pages, marking the current one', async ({
    page,
    signedInAs,
    expectClean,
  }) => {
    await signedInAs('member1')
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
    await expectClean()
  })
})
