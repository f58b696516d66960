import { describe, expect, it } from 'vitest'
import type { EventInputRaw } from '#core/events/event.schemas.ts'
import type { EventInput } from '#client/gql/graphql.ts'
import {
  EMPTY_EVENT_FORM,
  eventToForm,
  formPathOf,
  formToInput,
  newApplicationType,
  newPaymentLine,
  newQuestion,
  penceToPounds,
  poundsToPence,
  type EventFormValues,
} from './event-form.ts'

const LONDON = 'Europe/London'

/** The event the API gives back for what the form wrote (no show name, no sign-up deadline). */
const saved = (input: EventInput) => ({
  ...input,
  summary: input.summary ?? '',
  description: input.description ?? '',
  venue: input.venue ?? '',
  visibility: input.visibility ?? 'members',
  showName: null,
  signupDeadline: null,
})

const valid: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  slug: 'spring-concert-2027',
  title: 'Spring Concert',
  startDate: '2027-03-14T19:00',
  endDate: '2027-03-14T21:30',
}

const withTypes: EventFormValues = {
  ...valid,
  applicationTypes: [
    {
      ...newApplicationType(),
      key: 'singer',
      label: 'Singer',
      capacity: '60',
      auditionRequired: true,
      offerExpiryDays: '10',
      autoOfferFromWaitlist: true,
      questions: [
        {
          ...newQuestion(),
          id: 'experience',
          label: 'Choirs you have sung in',
          kind: 'long_text',
          maxLength: '500',
          options: 'ignored for text',
        },
        {
          ...newQuestion(),
          id: 'section',
          label: 'Section',
          kind: 'single_choice',
          required: true,
          options: 'Soprano\n  Alto \n\nTenor',
        },
      ],
      paymentLines: [
        { key: 'membership', label: 'Membership', amount: '12.50', dueDate: '2027-02-01' },
        { key: 'participation', label: 'Participation', amount: '£30', dueDate: '' },
      ],
      infoPack: '# Info',
    },
    { ...newApplicationType(), key: 'crew', label: 'Crew', open: false },
  ],
  audienceTypes: [{ key: 'audience', title: 'Audience', content: 'Come along' }],
  content: { ...EMPTY_EVENT_FORM.content, venueAccess: 'Door B', auditionInfo: '  ' },
  parts: [{ name: 'Soprano' }, { name: ' Alto ' }],
}

describe('formToInput', () => {
  it('gives the input for valid values, with dates on the society clocks and an empty show name as null', () => {
    const result = formToInput(valid, LONDON)
    expect(result.errors).toBeNull()
    expect(result.input).toMatchObject({
      slug: 'spring-concert-2027',
      showName: null,
      signupDeadline: null,
      startDate: '2027-03-14T19:00:00.000Z',
      audienceTypes: [],
      eventConfig: { applicationTypes: {}, paymentLines: {}, content: { infoPack: {} }, parts: [] },
    })
    expect(formToInput(valid, 'America/New_York').input?.startDate).toBe('2027-03-14T23:00:00.000Z')
  })

  it('maps application types, questions, payment lines in pence, content and parts', () => {
    const result = formToInput(withTypes, LONDON, { permissions: { releaseCastList: true } })
    expect(result.errors).toBeNull()
    expect(result.input?.audienceTypes).toEqual([
      { key: 'audience', title: 'Audience', content: 'Come along' },
    ])
    const config = result.input!.eventConfig!
    expect(config.permissions).toEqual({ releaseCastList: true })
    // JSON in the GraphQL input: the application types as the shared schema takes them.
    const types = config.applicationTypes as NonNullable<
      NonNullable<EventInputRaw['eventConfig']>['applicationTypes']
    >
    expect(types.singer).toMatchObject({
      label: 'Singer',
      open: true,
      capacity: 60,
      auditionRequired: true,
      offerExpiryDays: 10,
      autoOfferFromWaitlist: true,
      questions: [
        {
          id: 'experience',
          label: 'Choirs you have sung in',
          kind: 'long_text',
          required: false,
          maxLength: 500,
        },
        {
          id: 'section',
          label: 'Section',
          kind: 'single_choice',
          required: true,
          options: ['Soprano', 'Alto', 'Tenor'],
        },
      ],
    })
    expect(types.singer!.questions![0]).not.toHaveProperty('options')
    // Left as they are, the offer settings take the schema's defaults.
    expect(types.crew).toMatchObject({
      label: 'Crew',
      open: false,
      offerExpiryDays: 7,
      autoOfferFromWaitlist: false,
      questions: [],
    })
    expect(types.crew).not.toHaveProperty('capacity')
    expect(config.paymentLines).toEqual({
      singer: [
        { key: 'membership', label: 'Membership', amountPence: 1250, dueDate: '2027-02-01' },
        { key: 'participation', label: 'Participation', amountPence: 3000 },
      ],
    })
    expect(config.content).toEqual({ infoPack: { singer: '# Info' }, venueAccess: 'Door B' })
    expect(config.parts).toEqual(['Soprano', 'Alto'])
  })

  it('reports each field the shared schema refuses', () => {
    const result = formToInput(
      {
        ...valid,
        slug: 'Not A Slug',
        title: ' ',
        endDate: '2027-03-13T19:00',
        signupDeadline: '2027-04-01T12:00',
      },
      LONDON,
    )
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['endDate', 'signupDeadline', 'slug', 'title'])
  })

  it('puts problems in the config at the row and field that has them', () => {
    const bad: EventFormValues = {
      ...withTypes,
      applicationTypes: [
        {
          ...withTypes.applicationTypes[0]!,
          label: '',
          capacity: 'lots',
          offerExpiryDays: '90',
          questions: [
            { ...newQuestion(), id: 'q', label: 'Pick', kind: 'multi_choice', options: 'Only one' },
            { ...newQuestion(), id: 'q', label: 'Again' },
          ],
          paymentLines: [
            { ...newPaymentLine(), key: 'fee', label: 'Fee', amount: 'ten pounds' },
            { ...newPaymentLine(), key: 'fee', label: 'Fee again', amount: '1' },
          ],
        },
        { ...newApplicationType(), key: 'Bad Key', label: 'Crew' },
        { ...newApplicationType(), key: 'Bad Key', label: 'Crew again' },
      ],
      parts: [{ name: 'Alto' }, { name: '' }, { name: 'Alto' }],
    }
    const errors = formToInput(bad, LONDON).errors!
    expect(Object.keys(errors).sort()).toEqual(
      [
        'applicationTypes.0.label',
        'applicationTypes.0.capacity',
        'applicationTypes.0.questions.0.options',
        'applicationTypes.0.questions.root',
        'applicationTypes.0.paymentLines.0.amount',
        'applicationTypes.0.offerExpiryDays',
        'applicationTypes.1.key',
        'applicationTypes.2.key',
        'parts.1.name',
      ].sort(),
    )
    expect(errors['applicationTypes.0.paymentLines.0.amount']).toBe('Give an amount in pounds, e.g. 12.50.')
    expect(errors['applicationTypes.0.questions.0.options']).toBe(
      'A choice question needs at least two options.',
    )
  })

  it('puts duplicate payment lines and parts at their list', () => {
    const type = withTypes.applicationTypes[0]!
    const errors = formToInput(
      {
        ...withTypes,
        applicationTypes: [{ ...type, paymentLines: [type.paymentLines[0]!, type.paymentLines[0]!] }],
        parts: [{ name: 'Alto' }, { name: 'Alto' }],
      },
      LONDON,
    ).errors
    expect(errors).toEqual({
      'applicationTypes.0.paymentLines.root': 'Payment line keys must be unique.',
      'parts.root': 'Part names must be unique.',
    })
  })

  it('keeps the rehearsal and performance dates, and puts a repeated or missing date at its row', () => {
    const schedule = [
      { date: '2027-03-07', kind: 'REHEARSAL' as const, label: ' Sitzprobe ' },
      { date: '2027-03-14', kind: 'PERFORMANCE' as const, label: '' },
    ]
    const { input } = formToInput({ ...valid, schedule }, LONDON)
    expect(input?.eventConfig?.schedule).toEqual([
      { date: '2027-03-07', kind: 'REHEARSAL', label: 'Sitzprobe' },
      { date: '2027-03-14', kind: 'PERFORMANCE', label: '' },
    ])
    // Saving the form keeps the dates (they were dropped before: the form did not know them).
    const again = eventToForm(saved(input!), LONDON)
    expect(formToInput(again, LONDON).input).toEqual(input)
    expect(formToInput({ ...valid, schedule: [schedule[0]!, schedule[0]!] }, LONDON).errors).toEqual({
      'schedule.root': 'Schedule dates must be unique.',
    })
    expect(
      formToInput({ ...valid, schedule: [{ ...schedule[0]!, date: '' }] }, LONDON).errors,
    ).toHaveProperty(['schedule.0.date'])
  })

  it('refuses an event without dates', () => {
    expect(formToInput({ ...valid, startDate: '' }, LONDON).errors).toHaveProperty('startDate')
  })
})

describe('formPathOf (server VALIDATION paths to form fields)', () => {
  const keys = ['crew', 'singer']
  it.each([
    ['slug', 'slug'],
    ['audienceTypes.1.key', 'audienceTypes.1.key'],
    ['audienceTypes', 'audienceTypes.root'],
    ['eventConfig.applicationTypes.singer.label', 'applicationTypes.1.label'],
    ['eventConfig.applicationTypes.singer', 'applicationTypes.1.key'],
    ['eventConfig.applicationTypes.singer.questions', 'applicationTypes.1.questions.root'],
    ['eventConfig.applicationTypes.crew.questions.2.options', 'applicationTypes.0.questions.2.options'],
    ['eventConfig.applicationTypes.crew.questions.2.options.1', 'applicationTypes.0.questions.2.options'],
    ['eventConfig.paymentLines.singer.0.amountPence', 'applicationTypes.1.paymentLines.0.amount'],
    ['eventConfig.paymentLines.singer', 'applicationTypes.1.paymentLines.root'],
    ['eventConfig.paymentLines.nobody', ''],
    ['eventConfig.content.infoPack.crew', 'applicationTypes.0.infoPack'],
    ['eventConfig.content.auditionInfo', 'content.auditionInfo'],
    ['eventConfig.parts.3', 'parts.3.name'],
    ['eventConfig.parts', 'parts.root'],
  ])('%s → %s', (path, expected) => {
    expect(formPathOf(path, keys)).toBe(expected)
  })
})

describe('money', () => {
  it('reads pounds and shows pence as pounds', () => {
    expect(poundsToPence('12.5')).toBe(1250)
    expect(poundsToPence(' £7.05 ')).toBe(705)
    expect(poundsToPence('0')).toBe(0)
    expect(poundsToPence('12.345')).toBeNull()
    expect(poundsToPence('-1')).toBeNull()
    expect(poundsToPence('')).toBeNull()
    expect(penceToPounds(1250)).toBe('12.50')
    expect(penceToPounds(3000)).toBe('30')
  })
})

describe('eventToForm', () => {
  it('round-trips through the form, dates on the society clocks', () => {
    const values = eventToForm(
      {
        slug: 'x-y',
        type: 'SHOW',
        title: 'T',
        showName: null,
        summary: '',
        description: '',
        venue: '',
        startDate: '2027-07-01T09:00:00.000Z',
        endDate: '2027-07-01T11:00:00.000Z',
        signupDeadline: null,
        visibility: 'members',
      },
      LONDON,
    )
    expect(values).toMatchObject({
      showName: '',
      startDate: '2027-07-01T10:00',
      signupDeadline: '',
      applicationTypes: [],
      parts: [],
    })
  })

  it('gives back the config the form wrote', () => {
    const { input } = formToInput(withTypes, LONDON)
    const again = eventToForm(saved(input!), LONDON)
    expect(again.applicationTypes.map((t) => t.key)).toEqual(['singer', 'crew'])
    expect(again.applicationTypes[0]).toMatchObject({
      capacity: '60',
      infoPack: '# Info',
      paymentLines: [
        { key: 'membership', label: 'Membership', amount: '12.50', dueDate: '2027-02-01' },
        { key: 'participation', label: 'Participation', amount: '30', dueDate: '' },
      ],
    })
    expect(again.applicationTypes[0]!.questions[1]!.options).toBe('Soprano\nAlto\nTenor')
    expect(again.applicationTypes[0]!.questions[0]!.maxLength).toBe('500')
    expect(again.content.venueAccess).toBe('Door B')
    expect(again.parts).toEqual([{ name: 'Soprano' }, { name: 'Alto' }])
    expect(formToInput(again, LONDON).input).toEqual(input)
  })
})
