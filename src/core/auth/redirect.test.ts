import { describe, expect, it } from 'vitest'
import { loginPathFor, safeRelativePath } from './redirect.ts'

describe('safeRelativePath', () => {
  it.each([
    ['/applications?tab=2', '/applications?tab=2'],
    ['/events/winter-formal#tickets', '/events/winter-formal#tickets'],
    ['/', '/'],
    ['https://evil.example', '/'],
    ['//evil', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    // Issue 17, finding 7: dot segments that collapse into a protocol-relative URL.
    ['/..//evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/a/../..//evil.example/x', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/a/../b', '/b'],
    ['evil', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRelativePath(input as string | null)).toBe(expected)
  })

  it('uses the fallback given', () => {
    expect(safeRelativePath('https://evil.example', '/events')).toBe('/events')
  })
})

describe('loginPathFor', () => {
  it('keeps path and search in redirectTo', () => {
    expect(loginPathFor('/applications?tab=2')).toBe('/login?redirectTo=%2Fapplications%3Ftab%3D2')
    expect(loginPathFor('/')).toBe('/login')
  })
})
