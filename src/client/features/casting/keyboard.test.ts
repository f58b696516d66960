import { describe, expect, it } from 'vitest'
import { applicantStep } from './keyboard.ts'

describe('applicant keyboard navigation', () => {
  it.each([
    ['j', 'next'],
    ['J', 'next'],
    ['ArrowRight', 'next'],
    ['k', 'previous'],
    ['K', 'previous'],
    ['ArrowLeft', 'previous'],
    ['x', null],
    ['Enter', null],
  ] as const)('%s → %s on the page', (key, step) => {
    expect(applicantStep({ key, targetTag: 'BODY' })).toBe(step)
  })

  it.each(['INPUT', 'textarea', 'SELECT'])('does nothing while typing in a %s', (tag) => {
    expect(applicantStep({ key: 'j', targetTag: tag })).toBeNull()
    expect(applicantStep({ key: 'ArrowLeft', targetTag: tag })).toBeNull()
  })

  it('does nothing in editable content or with a modifier held', () => {
    expect(applicantStep({ key: 'j', targetTag: 'DIV', targetEditable: true })).toBeNull()
    for (const modifier of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'] as const) {
      expect(applicantStep({ key: 'ArrowRight', targetTag: 'BODY', [modifier]: true })).toBeNull()
    }
  })

  it('works from a focused link or button', () => {
    expect(applicantStep({ key: 'j', targetTag: 'A' })).toBe('next')
    expect(applicantStep({ key: 'k', targetTag: 'BUTTON' })).toBe('previous')
  })
})
