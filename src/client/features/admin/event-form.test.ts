import { describe, expect, it } from 'vitest'
import { EMPTY_EVENT_FORM, eventToForm, formToInput } from './event-form.ts'

const valid = {
  ...EMPTY_EVENT_FORM,
  slug: 'spring-concert-2027',
  title: 'Spring Concert',
  startDate: '2027-03-14T19:00',
  endDate: '2027-03-14T21:30',
}

describe('formToInput', () => {
  it('gives the input for valid values, with ISO dates and an empty show name as null', () => {
    const result = formToInput(valid)
    expect(result.errors).toBeNull()
    expect(result.input).toMatchObject({
      slug: 'spring-concert-2027',
      showName: null,
      signupDeadline: null,
      startDate: new Date('2027-03-14T19:00').toISOString(),
    })
  })

  it('reports each field the shared schema refuses', () => {
    const result = formToInput({
      ...valid,
      slug: 'Not A Slug',
      title: ' ',
      endDate: '2027-03-13T19:00',
      signupDeadline: '2027-04-01T12:00',
    })
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['endDate', 'signupDeadline', 'slug', 'title'])
  })

  it('refuses an event without dates', () => {
    expect(formToInput({ ...valid, startDate: '' }).errors).toHaveProperty('startDate')
  })
})

describe('eventToForm', () => {
  it('round-trips through the form', () => {
    const values = eventToForm({
      slug: 'x-y',
      type: 'SHOW',
      title: 'T',
      showName: null,
      summary: '',
      description: '',
      venue: '',
      startDate: new Date(2027, 0, 1, 10).toISOString(),
      endDate: new Date(2027, 0, 1, 12).toISOString(),
      signupDeadline: null,
      visibility: 'members',
    })
    expect(values).toMatchObject({ showName: '', startDate: '2027-01-01T10:00', signupDeadline: '' })
  })
})
