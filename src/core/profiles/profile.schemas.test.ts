import { describe, expect, it } from 'vitest'
import {
  changeEmailSchema,
  photoDimensionsRefusal,
  PHOTO_TOO_MANY_PIXELS,
  PHOTO_TOO_NARROW,
  DEFAULT_EMAIL_PREFERENCES,
  deleteConfirmationMatches,
  MAX_INSTRUMENTS,
  profileSchema,
  type ProfileInput,
} from './profile.schemas.ts'

const complete: ProfileInput = {
  preferredName: 'Ada Lovelace',
  pronouns: 'she/her',
  phone: '+44 7700 900123',
  emergencyContact: { name: 'Byron', phone: '07700 900456', relationship: 'Father' },
  voicePart: 'alto 1',
  instruments: [{ instrument: 'Violin', level: 'advanced' }],
  dietaryRequirements: 'Vegetarian',
  accessNeeds: '',
  bio: 'Mathematician who sings.',
  socialListOptIn: true,
  emailPreferences: DEFAULT_EMAIL_PREFERENCES,
}

const issuesOf = (input: unknown) => {
  const parsed = profileSchema.safeParse(input)
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.path.join('.')))]
}

describe('profileSchema', () => {
  it('accepts a complete profile and trims text', () => {
    const parsed = profileSchema.parse({ ...complete, preferredName: '  Ada  ', bio: ' hi ' })
    expect(parsed.preferredName).toBe('Ada')
    expect(parsed.bio).toBe('hi')
  })

  it('accepts a minimal one: empty optional text, no contact, no instruments', () => {
    expect(
      issuesOf({
        ...complete,
        pronouns: '',
        phone: '',
        emergencyContact: null,
        voicePart: '',
        instruments: [],
        dietaryRequirements: '',
        bio: '',
      }),
    ).toEqual([])
  })

  it('needs a name', () => {
    expect(issuesOf({ ...complete, preferredName: '   ' })).toEqual(['preferredName'])
  })

  it('refuses a bad phone number, a short one and letters', () => {
    expect(issuesOf({ ...complete, phone: 'call me' })).toEqual(['phone'])
    expect(issuesOf({ ...complete, phone: '123' })).toEqual(['phone'])
    expect(issuesOf({ ...complete, emergencyContact: { ...complete.emergencyContact, phone: 'x' } })).toEqual(
      ['emergencyContact.phone'],
    )
  })

  it('refuses a voice part not in the list', () => {
    expect(issuesOf({ ...complete, voicePart: 'countertenor 3' })).toEqual(['voicePart'])
  })

  it('refuses an unknown level, an empty or a repeated instrument, and too many', () => {
    expect(issuesOf({ ...complete, instruments: [{ instrument: 'Oboe', level: 'godlike' }] })).toEqual([
      'instruments.0.level',
    ])
    expect(issuesOf({ ...complete, instruments: [{ instrument: ' ', level: 'beginner' }] })).toEqual([
      'instruments.0.instrument',
    ])
    expect(
      issuesOf({
        ...complete,
        instruments: [
          { instrument: 'Flute', level: 'beginner' },
          { instrument: 'flute ', level: 'advanced' },
        ],
      }),
    ).toEqual(['instruments.1.instrument'])
    const many = Array.from({ length: MAX_INSTRUMENTS + 1 }, (_, i) => ({
      instrument: `I${i}`,
      level: 'beginner',
    }))
    expect(issuesOf({ ...complete, instruments: many })).toEqual(['instruments'])
  })

  it('limits long text', () => {
    expect(issuesOf({ ...complete, bio: 'x'.repeat(2001) })).toEqual(['bio'])
    expect(issuesOf({ ...complete, accessNeeds: 'x'.repeat(501) })).toEqual(['accessNeeds'])
  })

  it('needs both email preferences as booleans', () => {
    expect(issuesOf({ ...complete, emailPreferences: { reminders: 'yes' } })).toEqual([
      'emailPreferences.eventAnnouncements',
      'emailPreferences.reminders',
    ])
  })
})

describe('changeEmailSchema and the delete confirmation', () => {
  it('lower-cases a new email and refuses a bad one', () => {
    expect(changeEmailSchema.parse({ newEmail: ' Ada@Example.org ' }).newEmail).toBe('ada@example.org')
    expect(changeEmailSchema.safeParse({ newEmail: 'not-an-email' }).success).toBe(false)
  })

  it('matches the typed email case-insensitively, and nothing else', () => {
    expect(deleteConfirmationMatches(' ADA@example.org', 'ada@example.org')).toBe(true)
    expect(deleteConfirmationMatches('ada@example.com', 'ada@example.org')).toBe(false)
    expect(deleteConfirmationMatches('', 'ada@example.org')).toBe(false)
  })
})

describe('photoDimensionsRefusal (read from the header, before decoding)', () => {
  it.each([
    [4032, 3024, null],
    [8064, 6048, null],
    [512, 2048, null],
    [2048, 512, null],
    [20_000, 20, PHOTO_TOO_NARROW],
    [1_000_000, 49, PHOTO_TOO_NARROW],
    [49, 1_000_000, PHOTO_TOO_NARROW],
    [2049, 512, PHOTO_TOO_NARROW],
    [10_000, 10_000, PHOTO_TOO_MANY_PIXELS],
  ])('%i × %i → %s', (width, height, refusal) => {
    expect(photoDimensionsRefusal(width, height)).toBe(refusal)
  })

  it('refuses an image whose header gives no size', () => {
    expect(photoDimensionsRefusal(undefined, 10)).toMatch(/could not be read/)
    expect(photoDimensionsRefusal(0, 0)).toMatch(/could not be read/)
  })
})
