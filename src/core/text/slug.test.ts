import { describe, expect, it } from 'vitest'
import { slugFrom } from './slug.ts'

describe('slugFrom', () => {
  it.each([
    ['Spring Show 2027!', 'spring-show-2027'],
    ['  Café  Crème ', 'cafe-creme'],
    ['Rock & Roll', 'rock-and-roll'],
    ['2027 Gala', 'gala'],
    ['What is your voice part?', 'what-is-your-voice-part'],
    ['!!!', ''],
  ])('%s → %s', (title, slug) => {
    expect(slugFrom(title)).toBe(slug)
  })

  it('stops at the limit without a trailing hyphen', () => {
    expect(slugFrom('a very long title that goes on and on', 12)).toBe('a-very-long')
  })
})
