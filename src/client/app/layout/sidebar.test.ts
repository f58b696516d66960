import { describe, expect, it } from 'vitest'
import { currentFor, isAdminPath } from './sidebar.tsx'

describe('isAdminPath', () => {
  it.each([
    ['/admin', true],
    ['/admin/', true],
    ['/admin/casting/messiah-singthrough', true],
    ['/administrator', false],
    ['/', false],
    ['/events/admin', false],
  ])('%s → %s', (path, expected) => {
    expect(isAdminPath(path)).toBe(expected)
  })
})

describe('currentFor', () => {
  it('marks the link of the page itself', () => {
    expect(currentFor('/profile', '/profile', false)).toBe('page')
    expect(currentFor('/profile', '/profile/', false)).toBe('page')
    expect(
      currentFor('/applications', '/applications/messiah/participant-info/singer', false),
    ).toBeUndefined()
  })

  it('marks Events on the home page under both of its addresses', () => {
    expect(currentFor('/', '/', false)).toBe('page')
    expect(currentFor('/', '/events', false)).toBe('page')
    expect(currentFor('/', '/events/messiah-singthrough', false)).toBeUndefined()
  })

  it('marks an admin section on the pages under it, but not the dashboard', () => {
    expect(currentFor('/admin/casting', '/admin/casting/messiah-singthrough', true)).toBe('true')
    expect(currentFor('/admin', '/admin/casting', true)).toBeUndefined()
    expect(currentFor('/admin', '/admin', true)).toBe('page')
    expect(currentFor('/admin/casting', '/admin/castings', true)).toBeUndefined()
  })

  it('leaves a section unmarked when a sibling link is the closer match', () => {
    const siblings = ['/admin/tickets', '/admin/tickets/setup', '/admin/tickets/allocation']
    expect(currentFor('/admin/tickets', '/admin/tickets/allocation', true, siblings)).toBeUndefined()
    expect(currentFor('/admin/tickets/allocation', '/admin/tickets/allocation', true, siblings)).toBe('page')
    const ball = ['/admin/ball/tickets', '/admin/ball/tickets/setup']
    expect(currentFor('/admin/ball/tickets', '/admin/ball/tickets/setup', true, ball)).toBeUndefined()
    expect(currentFor('/admin/ball/tickets', '/admin/ball/tickets/check-in', true, ball)).toBe('true')
  })
})
