import { describe, expect, it } from 'vitest'
import type { Question } from '#core/events/event-config.schemas.ts'
import {
  applicationResolver,
  defaultValues,
  fieldForPath,
  fieldNames,
  placeErrors,
  toQuestions,
  toSubmission,
  uploadPurpose,
} from './form-values.ts'
import { formatCountdown } from './countdown.ts'

const questions: Question[] = toQuestions([
  { key: 'why', label: 'Why?', kind: 'long_text', required: true, maxLength: 20, help: null, options: null },
  { key: 'section', label: 'Section', kind: 'single_choice', required: true, options: ['Upper', 'Lower'] },
  { key: 'extras', label: 'Extras', kind: 'multi_choice', required: false, options: ['Solo', 'Crew'] },
  { key: 'inst', label: 'Instrument', kind: 'instrument', required: false },
  { key: 'cv', label: 'CV', kind: 'file', required: false },
])
const prefill = {
  name: 'Ada',
  phone: '07700 900123',
  emergencyContact: { name: 'Byron', phone: '07700 900456', relationship: 'Father' },
}

describe('application form values', () => {
  it('turns API nulls into a schema question', () => {
    expect(questions[0]).toEqual({
      id: 'why',
      label: 'Why?',
      kind: 'long_text',
      required: true,
      maxLength: 20,
    })
  })

  it('starts from the profile and empty answers of the right shape', () => {
    const values = defaultValues(questions, prefill)
    expect(values.profile).toEqual(prefill)
    expect(values.answers).toEqual({
      why: '',
      section: '',
      extras: [],
      inst: { instrument: '', level: '' },
      cv: null,
    })
  })

  it('restores a draft, ignoring values of the wrong shape', () => {
    const values = defaultValues(
      questions,
      { name: 'Ada', phone: null, emergencyContact: null },
      { profile: { phone: '123456' }, answers: { why: 'Because', section: 7, extras: ['Solo'], cv: 'nope' } },
    )
    expect(values.profile).toEqual({
      name: 'Ada',
      phone: '123456',
      emergencyContact: { name: '', phone: '', relationship: '' },
    })
    expect(values.answers).toMatchObject({ why: 'Because', section: '', extras: ['Solo'], cv: null })
  })

  it('drops a blank instrument answer', () => {
    const values = defaultValues(questions, prefill)
    expect(toSubmission(values).answers).not.toHaveProperty('inst')
  })

  it('places errors at their fields', () => {
    const names = fieldNames(questions)
    expect(fieldForPath('answers.extras.1', names)).toBe('answers.extras')
    expect(fieldForPath('answers.inst.level', names)).toBe('answers.inst.level')
    expect(fieldForPath('profile.emergencyContact', names)).toBe('profile.emergencyContact.name')
    expect(fieldForPath('answers', names)).toBeNull()
    expect(
      placeErrors(
        [
          { path: 'answers.why', message: 'Needed' },
          { path: 'answers.why', message: 'Second' },
          { path: 'answers', message: 'Unknown question' },
        ],
        names,
      ),
    ).toEqual({ fields: { 'answers.why': 'Needed' }, other: ['Unknown question'] })
  })

  it('validates with the shared schema', async () => {
    const resolve = applicationResolver(questions)
    const empty = await resolve(defaultValues(questions, prefill), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    })
    expect(Object.keys(empty.errors.answers ?? {}).sort()).toEqual(['section', 'why'])
    const filled = defaultValues(questions, prefill, { answers: { why: 'Because', section: 'Upper' } })
    const ok = await resolve(filled, undefined, { fields: {}, shouldUseNativeValidation: false })
    expect(ok.errors).toEqual({})
  })

  it('picks an upload purpose by type', () => {
    expect(uploadPurpose('image/png')).toBe('image')
    expect(uploadPurpose('audio/mpeg')).toBe('audio')
    expect(uploadPurpose('application/pdf')).toBe('document')
  })
})

describe('offer countdown', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  it.each([
    ['2026-03-03T15:30:00Z', '2 days 3 hours'],
    ['2026-03-02T12:00:00Z', '1 day'],
    ['2026-03-01T17:12:00Z', '5 hours 12 minutes'],
    ['2026-03-01T13:00:00Z', '1 hour'],
    ['2026-03-01T12:04:30Z', '4 minutes'],
    ['2026-03-01T12:00:30Z', 'less than a minute'],
  ])('until %s reads %s', (at, text) => {
    expect(formatCountdown(at, now)).toBe(text)
  })
  it('is null once expired', () => {
    expect(formatCountdown('2026-03-01T11:59:59Z', now)).toBeNull()
  })
})
