import { describe, expect, it } from 'vitest'
import { applyBrowserClass, DECORATIVE_BODY_CLASS, wantsDecorativeBackground } from './browser-class.ts'

describe('wantsDecorativeBackground', () => {
  it.each([
    ['Google Inc.', true],
    ['', true],
    [undefined, true],
    [null, true],
    ['apple', true],
    ['Apple Computer, Inc.', false],
    ['Apple', false],
  ])('vendor %j → %s', (vendor, expected) => {
    expect(wantsDecorativeBackground(vendor)).toBe(expected)
  })
})

describe('applyBrowserClass', () => {
  function fakeBody() {
    const classes = new Set<string>()
    return { classes, body: { classList: { add: (name: string) => void classes.add(name) } as DOMTokenList } }
  }

  it('adds the class for a non-Apple vendor', () => {
    const { classes, body } = fakeBody()
    applyBrowserClass(body, 'Google Inc.')
    expect([...classes]).toEqual([DECORATIVE_BODY_CLASS])
  })

  it('leaves the body alone on Apple browsers', () => {
    const { classes, body } = fakeBody()
    applyBrowserClass(body, 'Apple Computer, Inc.')
    expect(classes.size).toBe(0)
  })
})
