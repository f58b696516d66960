import { describe, expect, it } from 'vitest'
import { canGrantRole, reminderAt, roleGrantSchema } from './role-terms.ts'
import { ROLES } from './roles.ts'

describe('canGrantRole', () => {
  it('only a superAdmin grants superAdmin', () => {
    expect(canGrantRole({ roles: ['superAdmin'] }, 'superAdmin')).toBe(true)
    expect(canGrantRole({ roles: ['boardMember'] }, 'superAdmin')).toBe(false)
  })
  it('the committee grants every other role; nobody else does', () => {
    for (const role of ROLES.filter((r) => r !== 'superAdmin')) {
      expect(canGrantRole({ roles: ['boardMember'] }, role)).toBe(true)
      expect(canGrantRole({ roles: ['superAdmin'] }, role)).toBe(true)
      expect(canGrantRole({ roles: ['orchestraAdmin'] }, role)).toBe(false)
      expect(canGrantRole({ roles: [] }, role)).toBe(false)
      expect(canGrantRole(null, role)).toBe(false)
    }
  })
})

describe('reminderAt', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  it('is a week before the end', () => {
    expect(reminderAt(new Date('2026-07-01T12:00:00Z'), now).toISOString()).toBe('2026-06-24T12:00:00.000Z')
  })
  it('is now for a term ending within the week', () => {
    expect(reminderAt(new Date('2026-06-03T12:00:00Z'), now)).toEqual(now)
  })
})

describe('roleGrantSchema', () => {
  it('normalises the email and reads an end date', () => {
    const parsed = roleGrantSchema.parse({
      email: ' Sec@Soc.test ',
      role: 'boardMember',
      endsAt: '2026-07-01',
    })
    expect(parsed.email).toBe('sec@soc.test')
    expect(parsed.endsAt).toBeInstanceOf(Date)
  })
  it('refuses an unknown role and a bad address', () => {
    expect(roleGrantSchema.safeParse({ email: 'x@y.test', role: 'king' }).success).toBe(false)
    expect(roleGrantSchema.safeParse({ email: 'nope', role: 'boardMember' }).success).toBe(false)
  })
})
