import { describe, expect, it } from 'vitest'
import { ROLES, type Role } from '../auth/roles.ts'
import { adminHome, adminSidebar, footerLinks } from './admin-nav.ts'

const GENERAL = ['Dashboard', 'Event Config', 'Casting', 'Acceptance', 'Operations']
const SENIOR = ['Profiles', 'Ticket Stats', 'Mailing Lists', 'Show Reveals']

// The spec's "Sidebar in admin mode", role by role (ticketAdmin per PRODUCT.md §3).
const EXPECTED: Record<Role, string[]> = {
  // Committee (issue 12): the committee's own page, after Profiles.
  superAdmin: [
    ...GENERAL,
    'Profiles',
    'Committee',
    ...SENIOR.slice(1),
    'Tickets',
    'Ticket Allocation',
    'Money',
    'Society Settings',
  ],
  // Money (issue 28): the treasurer's exports, for the board.
  boardMember: [...GENERAL, 'Profiles', 'Committee', ...SENIOR.slice(1), 'Money'],
  orchestraAdmin: [...GENERAL, ...SENIOR],
  sitrMD: GENERAL,
  socialConvenor: GENERAL,
  ticketAdmin: ['Tickets', 'Ticket Allocation'],
}

describe('adminSidebar', () => {
  for (const role of ROLES) {
    it(`${role} sees ${EXPECTED[role].join(', ')}`, () => {
      expect(adminSidebar({ roles: [role] }).map((i) => i.label)).toEqual(EXPECTED[role])
    })
  }

  it('a member and an anonymous visitor see nothing', () => {
    expect(adminSidebar({ roles: [] })).toEqual([])
    expect(adminSidebar(null)).toEqual([])
  })

  it('several roles see the union, in sidebar order', () => {
    expect(adminSidebar({ roles: ['sitrMD', 'ticketAdmin'] }).map((i) => i.label)).toEqual([
      ...GENERAL,
      'Tickets',
      'Ticket Allocation',
    ])
  })

  it('ticket links use the picked event, not a fixed slug', () => {
    const items = adminSidebar({ roles: ['superAdmin'] }, 'winter-formal-2026')
    expect(items.find((i) => i.key === 'ticketStats')?.to).toBe('/admin/winter-formal-2026/tickets')
    expect(items.find((i) => i.key === 'ticketAllocation')?.to).toBe(
      '/admin/winter-formal-2026/tickets/allocation',
    )
    expect(items.find((i) => i.key === 'ticketSetup')?.to).toBe('/admin/winter-formal-2026/tickets/setup')
  })
})

describe('footerLinks', () => {
  for (const role of ROLES) {
    it(`${role} on member pages: Your profile, Sign out, Admin`, () => {
      expect(footerLinks({ roles: [role] }, false).map((l) => l.label)).toEqual([
        'Your profile',
        'Sign out',
        'Admin',
      ])
    })
  }

  it('a plain member has no Admin link', () => {
    expect(footerLinks({ roles: [] }, false).map((l) => l.label)).toEqual(['Your profile', 'Sign out'])
  })

  it('admin pages show Exit Admin Mode', () => {
    expect(footerLinks({ roles: ['superAdmin'] }, true).map((l) => l.label)).toEqual(['Exit Admin Mode'])
  })

  it('Admin leads a ticketAdmin to Ticket Allocation, others to the dashboard', () => {
    expect(adminHome({ roles: ['ticketAdmin'] })).toBe('/admin/tickets/allocation')
    expect(adminHome({ roles: ['sitrMD'] })).toBe('/admin')
  })
})
