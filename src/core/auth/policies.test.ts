import { describe, expect, it } from 'vitest'
import { can, CAPABILITIES, type Capability } from './policies.ts'
import { hasRole, ROLES, rolesOf, type Role } from './roles.ts'

// The spec's §6 table with PRODUCT.md §3's decision (ticketAdmin may enter admin mode).
const TABLE: Record<Capability, Role[]> = {
  'admin.enter': ['superAdmin', 'boardMember', 'orchestraAdmin', 'sitrMD', 'socialConvenor', 'ticketAdmin'],
  'admin.general': ['superAdmin', 'boardMember', 'orchestraAdmin', 'sitrMD', 'socialConvenor'],
  'admin.profiles': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.ticketStats': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.mailingLists': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.showReveals': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.ticketAllocation': ['superAdmin', 'ticketAdmin'],
  'admin.roles': ['superAdmin'],
  'admin.outbox': ['superAdmin'],
  'admin.jobs': ['superAdmin'],
  'admin.announce': ['superAdmin'],
  'admin.committee': ['superAdmin', 'boardMember'],
  'admin.audit': ['superAdmin', 'boardMember'],
  'admin.retention': ['superAdmin'],
}

describe('can', () => {
  it('covers every capability in the table', () => {
    expect(Object.keys(CAPABILITIES).sort()).toEqual(Object.keys(TABLE).sort())
  })

  for (const capability of Object.keys(TABLE) as Capability[]) {
    for (const role of ROLES) {
      const expected = TABLE[capability].includes(role)
      it(`${role} ${expected ? 'may' : 'may not'} ${capability}`, () => {
        expect(can({ roles: [role] }, capability)).toBe(expected)
        // The spec allows a single role string as well as a list.
        expect(can({ roles: role }, capability)).toBe(expected)
      })
    }
    it(`a user with no roles may not ${capability}`, () => {
      expect(can({ roles: [] }, capability)).toBe(false)
      expect(can({ roles: null }, capability)).toBe(false)
      expect(can({}, capability)).toBe(false)
    })
    it(`a user with several roles may ${capability} when any of them may`, () => {
      expect(can({ roles: ['sitrMD', 'ticketAdmin'] }, capability)).toBe(
        TABLE[capability].includes('sitrMD') || TABLE[capability].includes('ticketAdmin'),
      )
    })
  }

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
