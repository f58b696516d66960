import { describe, expect, it } from 'vitest'
import { can, CAPABILITIES, type Capability } from './policies.ts'
import { hasRole, ROLES, rolesOf, type Role } from './roles.ts'

// The spec's §6 table with PRODUCT.md §3's decision (ticketAdmin may enter admin mode), written out
// case by case rather than copied from policies.ts: a change there has to be made here as well.
const CASES: [Role, Capability, boolean][] = [
  // superAdmin
  ['superAdmin', 'admin.enter', true],
  ['superAdmin', 'admin.general', true],
  ['superAdmin', 'admin.profiles', true],
  ['superAdmin', 'admin.ticketStats', true],
  ['superAdmin', 'admin.mailingLists', true],
  ['superAdmin', 'admin.showReveals', true],
  ['superAdmin', 'admin.ticketAllocation', true],
  ['superAdmin', 'admin.roles', true],
  ['superAdmin', 'admin.outbox', true],
  ['superAdmin', 'admin.jobs', true],
  ['superAdmin', 'admin.announce', true],
  ['superAdmin', 'admin.committee', true],
  ['superAdmin', 'admin.audit', true],
  ['superAdmin', 'admin.retention', true],
  ['superAdmin', 'admin.finance', true],
  ['superAdmin', 'admin.settings', true],
  // boardMember
  ['boardMember', 'admin.enter', true],
  ['boardMember', 'admin.general', true],
  ['boardMember', 'admin.profiles', true],
  ['boardMember', 'admin.ticketStats', true],
  ['boardMember', 'admin.mailingLists', true],
  ['boardMember', 'admin.showReveals', true],
  ['boardMember', 'admin.ticketAllocation', false],
  ['boardMember', 'admin.roles', false],
  ['boardMember', 'admin.outbox', false],
  ['boardMember', 'admin.jobs', false],
  ['boardMember', 'admin.announce', false],
  ['boardMember', 'admin.committee', true],
  ['boardMember', 'admin.audit', true],
  ['boardMember', 'admin.retention', false],
  ['boardMember', 'admin.finance', true],
  ['boardMember', 'admin.settings', false],
  // orchestraAdmin
  ['orchestraAdmin', 'admin.enter', true],
  ['orchestraAdmin', 'admin.general', true],
  ['orchestraAdmin', 'admin.profiles', true],
  ['orchestraAdmin', 'admin.ticketStats', true],
  ['orchestraAdmin', 'admin.mailingLists', true],
  ['orchestraAdmin', 'admin.showReveals', true],
  ['orchestraAdmin', 'admin.ticketAllocation', false],
  ['orchestraAdmin', 'admin.roles', false],
  ['orchestraAdmin', 'admin.outbox', false],
  ['orchestraAdmin', 'admin.jobs', false],
  ['orchestraAdmin', 'admin.announce', false],
  ['orchestraAdmin', 'admin.committee', false],
  ['orchestraAdmin', 'admin.audit', false],
  ['orchestraAdmin', 'admin.retention', false],
  ['orchestraAdmin', 'admin.finance', false],
  ['orchestraAdmin', 'admin.settings', false],
  // sitrMD
  ['sitrMD', 'admin.enter', true],
  ['sitrMD', 'admin.general', true],
  ['sitrMD', 'admin.profiles', false],
  ['sitrMD', 'admin.ticketStats', false],
  ['sitrMD', 'admin.mailingLists', false],
  ['sitrMD', 'admin.showReveals', false],
  ['sitrMD', 'admin.ticketAllocation', false],
  ['sitrMD', 'admin.roles', false],
  ['sitrMD', 'admin.outbox', false],
  ['sitrMD', 'admin.jobs', false],
  ['sitrMD', 'admin.announce', false],
  ['sitrMD', 'admin.committee', false],
  ['sitrMD', 'admin.audit', false],
  ['sitrMD', 'admin.retention', false],
  ['sitrMD', 'admin.finance', false],
  ['sitrMD', 'admin.settings', false],
  // socialConvenor
  ['socialConvenor', 'admin.enter', true],
  ['socialConvenor', 'admin.general', true],
  ['socialConvenor', 'admin.profiles', false],
  ['socialConvenor', 'admin.ticketStats', false],
  ['socialConvenor', 'admin.mailingLists', false],
  ['socialConvenor', 'admin.showReveals', false],
  ['socialConvenor', 'admin.ticketAllocation', false],
  ['socialConvenor', 'admin.roles', false],
  ['socialConvenor', 'admin.outbox', false],
  ['socialConvenor', 'admin.jobs', false],
  ['socialConvenor', 'admin.announce', false],
  ['socialConvenor', 'admin.committee', false],
  ['socialConvenor', 'admin.audit', false],
  ['socialConvenor', 'admin.retention', false],
  ['socialConvenor', 'admin.finance', false],
  ['socialConvenor', 'admin.settings', false],
  // ticketAdmin
  ['ticketAdmin', 'admin.enter', true],
  ['ticketAdmin', 'admin.general', false],
  ['ticketAdmin', 'admin.profiles', false],
  ['ticketAdmin', 'admin.ticketStats', false],
  ['ticketAdmin', 'admin.mailingLists', false],
  ['ticketAdmin', 'admin.showReveals', false],
  ['ticketAdmin', 'admin.ticketAllocation', true],
  ['ticketAdmin', 'admin.roles', false],
  ['ticketAdmin', 'admin.outbox', false],
  ['ticketAdmin', 'admin.jobs', false],
  ['ticketAdmin', 'admin.announce', false],
  ['ticketAdmin', 'admin.committee', false],
  ['ticketAdmin', 'admin.audit', false],
  ['ticketAdmin', 'admin.retention', false],
  ['ticketAdmin', 'admin.finance', false],
  ['ticketAdmin', 'admin.settings', false],
]

describe('can', () => {
  it('has one case for every role and every capability, no more', () => {
    const expected = ROLES.flatMap((role) => Object.keys(CAPABILITIES).map((c) => `${role} ${c}`)).sort()
    expect(CASES.map(([role, c]) => `${role} ${c}`).sort()).toEqual(expected)
  })

  it.each(CASES)('%s may %s: %s', (role, capability, expected) => {
    expect(can({ roles: [role] }, capability)).toBe(expected)
    // The spec allows a single role string as well as a list.
    expect(can({ roles: role }, capability)).toBe(expected)
  })

  it.each(Object.keys(CAPABILITIES) as Capability[])('a user with no roles may not %s', (capability) => {
    expect(can({ roles: [] }, capability)).toBe(false)
    expect(can({ roles: null }, capability)).toBe(false)
    expect(can({}, capability)).toBe(false)
  })

  it('a user with several roles may do what any one of them may', () => {
    // sitrMD alone may not allocate tickets, ticketAdmin alone may not see the general admin pages.
    expect(can({ roles: ['sitrMD', 'ticketAdmin'] }, 'admin.ticketAllocation')).toBe(true)
    expect(can({ roles: ['sitrMD', 'ticketAdmin'] }, 'admin.general')).toBe(true)
    expect(can({ roles: ['sitrMD', 'ticketAdmin'] }, 'admin.profiles')).toBe(false)
    expect(can({ roles: ['boardMember', 'ticketAdmin'] }, 'admin.roles')).toBe(false)
  })

  it('anyone signed in may use the app; nobody anonymous may do anything', () => {
    expect(can({ roles: [] }, 'app.use')).toBe(true)
    expect(can(null, 'app.use')).toBe(false)
    expect(can(undefined, 'admin.enter')).toBe(false)
  })
})

describe('hasRole and rolesOf', () => {
  it('matches a string or a list against a string or a list', () => {
    expect(hasRole({ roles: 'boardMember' }, 'boardMember')).toBe(true)
    expect(hasRole({ roles: ['boardMember'] }, ['superAdmin', 'boardMember'])).toBe(true)
    expect(hasRole({ roles: ['boardMember'] }, ['superAdmin'])).toBe(false)
    expect(hasRole({ roles: [] }, [])).toBe(false)
  })

  it('ignores unknown role names', () => {
    expect(rolesOf({ roles: ['wizard', 'sitrMD', ''] })).toEqual(['sitrMD'])
    expect(hasRole({ roles: ['wizard'] }, 'wizard')).toBe(false)
  })
})
