import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PUSH_PREFERENCES,
  PUSH_KINDS,
  pushPreferencesOf,
  pushPreferencesSchema,
  wantsPush,
} from './push-preferences.ts'
import { newlyReleased } from './releases.ts'

describe('wantsPush', () => {
  for (const kind of PUSH_KINDS) {
    it(`${kind}: on by default, off when turned off, never without a subscribed browser`, () => {
      expect(wantsPush(kind, { subscribed: true, preferences: null })).toBe(true)
      expect(wantsPush(kind, { subscribed: true, preferences: {} })).toBe(true)
      expect(wantsPush(kind, { subscribed: true, preferences: { [kind]: false } })).toBe(false)
      expect(wantsPush(kind, { subscribed: false, preferences: null })).toBe(false)
      expect(wantsPush(kind, { subscribed: false, preferences: { [kind]: true } })).toBe(false)
    })

    it(`${kind}: turning another kind off leaves it on`, () => {
      const others = Object.fromEntries(PUSH_KINDS.filter((k) => k !== kind).map((k) => [k, false]))
      expect(wantsPush(kind, { subscribed: true, preferences: others })).toBe(true)
    })
  }
})

describe('pushPreferencesSchema', () => {
  it('accepts the four switches and refuses a missing or non-boolean one', () => {
    expect(pushPreferencesSchema.safeParse(DEFAULT_PUSH_PREFERENCES).success).toBe(true)
    expect(pushPreferencesSchema.safeParse({ ...DEFAULT_PUSH_PREFERENCES, offers: 'yes' }).success).toBe(
      false,
    )
    const { releases: _dropped, ...missing } = DEFAULT_PUSH_PREFERENCES
    expect(pushPreferencesSchema.safeParse(missing).success).toBe(false)
  })

  it('fills kinds a stored row lacks with the defaults', () => {
    expect(pushPreferencesOf({ offers: false })).toEqual({ ...DEFAULT_PUSH_PREFERENCES, offers: false })
  })
})

describe('newlyReleased', () => {
  const off = { releaseParticipantInfoPack: false, releaseCastList: false }
  it('announces what went from off to on, and nothing else', () => {
    expect(newlyReleased(off, { releaseParticipantInfoPack: true, releaseCastList: false })).toEqual([
      'infoPack',
    ])
    expect(newlyReleased(off, { releaseParticipantInfoPack: true, releaseCastList: true })).toEqual([
      'infoPack',
      'castList',
    ])
    expect(newlyReleased({ releaseParticipantInfoPack: true }, { releaseParticipantInfoPack: true })).toEqual(
      [],
    )
    expect(newlyReleased({ ...off, releaseCastList: true }, off)).toEqual([])
  })

  it('announces a page once: off and on again after its first release is not news', () => {
    const on = { releaseParticipantInfoPack: true, releaseCastList: true }
    expect(newlyReleased(off, on, ['infoPack'])).toEqual(['castList'])
    expect(newlyReleased(off, on, ['infoPack', 'castList'])).toEqual([])
  })
})
