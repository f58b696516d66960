import { describe, expect, it } from 'vitest'
import { voicePartName } from './profile.schemas.ts'

describe('voice part names', () => {
  it('capitalises a stored voice part', () => {
    expect(voicePartName('alto 1')).toBe('Alto 1')
    expect(voicePartName('bass')).toBe('Bass')
  })
  it('leaves other text alone', () => {
    expect(voicePartName('the Baker')).toBe('the Baker')
  })
})
