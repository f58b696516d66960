import { describe, expect, it } from 'vitest'
import { roleName, ROLES } from './roles.ts'

describe('role names', () => {
  it('names each role in words, as issue 29 lists them', () => {
    expect(roleName('superAdmin')).toBe('Society admin')
    expect(roleName('boardMember')).toBe('Board member')
    expect(roleName('orchestraAdmin')).toBe('Orchestra admin')
    expect(roleName('sitrMD')).toBe('SITR musical director')
    expect(roleName('socialConvenor')).toBe('Social convenor')
    expect(roleName('ticketAdmin')).toBe('Ticket admin')
  })

  it('gives every role a distinct name that is not its code', () => {
    const names = ROLES.map(roleName)
    expect(new Set(names).size).toBe(ROLES.length)
    for (const role of ROLES) expect(roleName(role)).not.toBe(role)
  })

  it('shows an unknown code as it is', () => {
    expect(roleName('treasurer')).toBe('treasurer')
  })
})
