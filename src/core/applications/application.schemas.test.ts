import { describe, expect, it } from 'vitest'
import { questionSchema, type Question } from '../events/event-config.schemas.ts'
import { answersSchema, applicationFormSchema } from './application.schemas.ts'

const q = (over: Partial<Question> & Pick<Question, 'id' | 'kind'>): Question =>
  questionSchema.parse({ label: over.id, ...over })

const questions: Question[] = [
  q({ id: 'why', kind: 'long_text', required: true, maxLength: 20 }),
  q({ id: 'nickname', kind: 'short_text' }),
  q({ id: 'size', kind: 'single_choice', required: true, options: ['S', 'M', 'L'] }),
  q({ id: 'days', kind: 'multi_choice', options: ['Mon', 'Tue'] }),
  q({ id: 'part', kind: 'voice_part', required: true }),
  q({ id: 'plays', kind: 'instrument' }),
  q({ id: 'cv', kind: 'file' }),
]
const schema = answersSchema(questions)
const valid = { why: 'I love singing', size: 'M', part: 'alto 1' }

describe('answersSchema', () => {
  it('accepts answers that match the form, dropping blank optional ones', () => {
    expect(schema.parse({ ...valid, nickname: '', days: [] })).toEqual(valid)
    expect(
      schema.parse({ ...valid, days: ['Tue'], plays: { instrument: 'Viola', level: 'advanced' } }),
    ).toMatchObject({
      days: ['Tue'],
    })
  })

  it.each([
    ['a missing required answer', { size: 'M', part: 'alto 1' }, 'why'],
    ['a blank required answer', { ...valid, why: '   ' }, 'why'],
    ['a too long answer', { ...valid, why: 'x'.repeat(21) }, 'why'],
    ['an option that does not exist', { ...valid, size: 'XL' }, 'size'],
    ['a repeated option', { ...valid, days: ['Mon', 'Mon'] }, 'days'],
    ['the wrong type', { ...valid, why: 42 }, 'why'],
    ['an unknown voice part', { ...valid, part: 'countertenor 3' }, 'part'],
    ['an instrument without a level', { ...valid, plays: { instrument: 'Viola' } }, 'plays'],
    ['a file without a key', { ...valid, cv: { name: 'cv.pdf' } }, 'cv'],
  ])('refuses %s', (_name, answers, path) => {
    const result = schema.safeParse(answers)
    expect(result.success).toBe(false)
    expect(result.error!.issues.map((i) => String(i.path[0]))).toContain(path)
  })

  it('refuses answers to questions the form does not have', () => {
    const result = schema.safeParse({ ...valid, extra: 'x' })
    expect(result.success).toBe(false)
  })
})

describe('applicationFormSchema', () => {
  it('requires the profile essentials', () => {
    const form = applicationFormSchema(questions)
    const result = form.safeParse({
      profile: { name: 'Ada', phone: '', emergencyContact: {} },
      answers: valid,
    })
    expect(result.success).toBe(false)
    const paths = result.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(
      expect.arrayContaining([
        'profile.phone',
        'profile.emergencyContact.name',
        'profile.emergencyContact.phone',
      ]),
    )
    expect(
      form.parse({
        profile: {
          name: 'Ada',
          phone: '+44 7700 900123',
          emergencyContact: { name: 'Bo', phone: '01234 567890', relationship: 'parent' },
        },
        answers: valid,
      }).answers,
    ).toEqual(valid)
  })
})
