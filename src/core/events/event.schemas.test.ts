import { describe, expect, it } from 'vitest'
import { eventConfigSchema } from './event-config.schemas.ts'
import { eventInputSchema } from './event.schemas.ts'

const valid = {
  slug: 'winter-concert-2026',
  type: 'CONCERT',
  title: 'Winter Concert',
  startDate: '2026-12-12T19:00:00Z',
  endDate: '2026-12-12T22:00:00Z',
  signupDeadline: '2026-12-01T23:59:00Z',
}

const issues = (input: unknown) => {
  const result = eventInputSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('eventInputSchema', () => {
  it('accepts a minimal event and fills the defaults', () => {
    const parsed = eventInputSchema.parse(valid)
    expect(parsed.visibility).toBe('draft')
    expect(parsed.eventConfig.permissions.releaseParticipantInfoPack).toBe(false)
    expect(parsed.startDate).toBeInstanceOf(Date)
  })

  it.each([
    ['Winter Concert', 'slug'],
    ['winter--concert', 'slug'],
    ['-winter', 'slug'],
    ['ab', 'slug'],
    ['admin', 'slug: That slug is taken'],
    ['listings', 'slug: That slug is taken'],
  ])('refuses the slug %s', (slug, expected) => {
    expect(issues({ ...valid, slug }).join('\n')).toContain(expected)
  })

  it('refuses an end before the start', () => {
    expect(issues({ ...valid, endDate: '2026-12-12T18:00:00Z' })).toEqual([
      'endDate: The end must not be before the start.',
    ])
  })

  it('refuses a signup deadline after the end', () => {
    expect(issues({ ...valid, signupDeadline: '2026-12-13T00:00:00Z' })).toEqual([
      'signupDeadline: The signup deadline must not be after the end.',
    ])
  })

  it('refuses a date that is not a date, and an unknown type', () => {
    expect(issues({ ...valid, startDate: 'next tuesday' }).join()).toContain('startDate')
    expect(issues({ ...valid, type: 'PARTY' }).join()).toContain('type')
  })

  it('refuses duplicate audience keys', () => {
    const audienceTypes = [
      { key: 'singers', title: 'Singers' },
      { key: 'singers', title: 'Also singers' },
    ]
    expect(issues({ ...valid, audienceTypes }).join()).toContain('Audience keys must be unique')
  })
})

describe('eventConfigSchema', () => {
  it('refuses unknown keys so a typo cannot hide a setting', () => {
    expect(eventConfigSchema.safeParse({ permisions: {} }).success).toBe(false)
  })

  it('refuses payment lines for a type that does not exist, and duplicate line keys', () => {
    const result = eventConfigSchema.safeParse({
      applicationTypes: { singer: { label: 'Singer' } },
      paymentLines: {
        singer: [
          { key: 'social', label: 'Social', amountPence: 100 },
          { key: 'social', label: 'Again', amountPence: 100 },
        ],
        orchestra: [{ key: 'participation', label: 'P', amountPence: 0 }],
      },
    })
    expect(result.success).toBe(false)
    const messages = result.error!.issues.map((i) => i.message)
    expect(messages).toContain('No application type "orchestra".')
    expect(messages).toContain('Payment line keys must be unique.')
  })

  it('refuses a negative amount and a choice question without options', () => {
    expect(
      eventConfigSchema.safeParse({
        applicationTypes: { singer: { label: 'S' } },
        paymentLines: { singer: [{ key: 'fee', label: 'Fee', amountPence: -1 }] },
      }).success,
    ).toBe(false)
    const noOptions = eventConfigSchema.safeParse({
      applicationTypes: {
        singer: { label: 'S', questions: [{ id: 'q', label: 'Pick', kind: 'single_choice' }] },
      },
    })
    expect(noOptions.error?.issues[0]?.message).toBe('A choice question needs at least two options.')
  })

  it('accepts a full configuration', () => {
    const parsed = eventConfigSchema.parse({
      permissions: { releaseParticipantInfoPack: true },
      applicationTypes: {
        singer: {
          label: 'Singer',
          capacity: 100,
          questions: [{ id: 'voice', label: 'Voice', kind: 'voice_part' }],
        },
      },
      paymentLines: {
        singer: [{ key: 'participation', label: 'Participation', amountPence: 800, dueDate: '2026-12-01' }],
      },
      content: { infoPack: { singer: '## Hello' }, venueAccess: 'Side door' },
      parts: ['Soprano', 'Alto'],
    })
    expect(parsed.permissions).toEqual({
      releaseParticipantInfoPack: true,
      releaseFinalParticipantInfo: false,
      releaseCastList: false,
    })
    expect(parsed.applicationTypes.singer?.open).toBe(true)
  })
})
