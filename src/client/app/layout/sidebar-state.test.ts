import { describe, expect, it } from 'vitest'
import { isCollapsed, parsePreferences, sidebarMode, toggled } from './sidebar-state.ts'

describe('sidebarMode', () => {
  it.each([
    [320, 'mobile'],
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [900, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1280, 'desktop'],
  ] as const)('%d px → %s', (width, mode) => {
    expect(sidebarMode(width)).toBe(mode)
  })
})

describe('isCollapsed', () => {
  it('starts collapsed from 768 to 1023 px and open above', () => {
    expect(isCollapsed('tablet', {})).toBe(true)
    expect(isCollapsed('desktop', {})).toBe(false)
  })

  it('is never collapsed on mobile: the slide-over shows everything', () => {
    expect(isCollapsed('mobile', { tablet: true, desktop: true })).toBe(false)
  })

  it('remembers the choice for each range apart', () => {
    expect(isCollapsed('tablet', { tablet: false })).toBe(false)
    expect(isCollapsed('desktop', { desktop: true })).toBe(true)
    expect(isCollapsed('tablet', { desktop: false })).toBe(true)
  })
})

describe('toggled', () => {
  it('flips the current range only', () => {
    expect(toggled('tablet', {})).toEqual({ tablet: false })
    expect(toggled('desktop', { tablet: false })).toEqual({ tablet: false, desktop: true })
    expect(toggled('desktop', { desktop: true })).toEqual({ desktop: false })
  })

  it('does nothing on mobile', () => {
    expect(toggled('mobile', { tablet: true })).toEqual({ tablet: true })
  })
})

describe('parsePreferences', () => {
  it('reads what was stored', () => {
    expect(parsePreferences('{"tablet":false,"desktop":true}')).toEqual({ tablet: false, desktop: true })
  })

  it.each([null, '', 'not json', '[]', '42', '{"tablet":"yes"}', 'null'])('ignores %j', (raw) => {
    expect(parsePreferences(raw)).toEqual({})
  })
})
