import { GraphQLError } from 'graphql'
import { CombinedError } from 'urql'
import { describe, expect, it, vi } from 'vitest'
import {
  errorMessage,
  failureOf,
  fieldProblems,
  problemsByField,
  SERVER_UNREACHABLE,
  SOMETHING_WENT_WRONG,
} from './mutation-failure.ts'
import { settle } from './use-app-mutation.ts'

const refused = (message: string, extensions: Record<string, unknown>) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions })] })

const validation = refused('Check the highlighted fields.', {
  code: 'VALIDATION',
  fields: [
    { path: 'title', message: 'Give a title.' },
    { path: ['eventConfig', 'applicationTypes', 0, 'label'], message: 'Give a label.' },
    { path: 'title', message: 'A second problem with the title.' },
    { nonsense: true },
  ],
})

describe('failureOf', () => {
  it("reads the code, the server's message and the field problems", () => {
    expect(failureOf(validation)).toEqual({
      code: 'VALIDATION',
      message: 'Check the highlighted fields.',
      fields: [
        { path: 'title', message: 'Give a title.' },
        { path: 'eventConfig.applicationTypes.0.label', message: 'Give a label.' },
        { path: 'title', message: 'A second problem with the title.' },
      ],
    })
  })

  it("uses the page's own words for a code", () => {
    const error = refused('not found', { code: 'NOT_FOUND' })
    expect(failureOf(error, { messages: { NOT_FOUND: 'No member has this email.' } }).message).toBe(
      'No member has this email.',
    )
  })

  it('says the server could not be reached when there was no answer', () => {
    const error = new CombinedError({ networkError: new Error('Failed to fetch') })
    expect(failureOf(error, { fallback: 'Could not save.' })).toEqual({
      code: 'NETWORK',
      message: SERVER_UNREACHABLE,
      fields: [],
    })
  })

  it('falls back when the answer has no message', () => {
    const error = { graphQLErrors: [{ extensions: {} } as GraphQLError], networkError: undefined }
    expect(errorMessage(error)).toBe(SOMETHING_WENT_WRONG)
    expect(errorMessage(error, 'Could not save.')).toBe('Could not save.')
  })

  it('keeps the first problem of each top-level field', () => {
    expect(problemsByField(fieldProblems(validation.graphQLErrors[0]?.extensions?.fields))).toEqual({
      title: 'Give a title.',
      eventConfig: 'Give a label.',
    })
  })
})

describe('settle', () => {
  it('toasts success, in words that may depend on the answer', () => {
    expect(settle({ data: { n: 2 } }, {}, { success: (d) => `${d.n} saved.` })).toEqual({
      outcome: { ok: true, data: { n: 2 }, failure: null, message: null },
      toast: { kind: 'success', text: '2 saved.' },
    })
    expect(settle({ data: { n: 2 } }).toast).toBeNull()
  })

  it('toasts a failure by default, and keeps it inline when asked', () => {
    const error = refused('This offer has expired.', { code: 'CONFLICT' })
    expect(settle({ error }).toast).toEqual({ kind: 'error', text: 'This offer has expired.' })
    const inline = settle({ error }, { report: 'inline' })
    expect(inline.toast).toBeNull()
    expect(inline.outcome).toMatchObject({ ok: false, message: 'This offer has expired.' })
    expect(inline.outcome.failure?.code).toBe('CONFLICT')
  })

  it('puts field problems on the form and says only what no field took', () => {
    const setError = vi.fn()
    const place = (fields: readonly { path: string; message: string }[]) => ({
      fields: { title: fields.find((f) => f.path === 'title')!.message },
      other: fields.filter((f) => f.path !== 'title').map((f) => f.message),
    })
    const settled = settle({ error: validation }, {}, { form: { setError, place } })
    expect(setError).toHaveBeenCalledWith('title', { type: 'server', message: 'Give a title.' })
    expect(settled.outcome.message).toBe('Give a label.')
    expect(settled.toast).toEqual({ kind: 'error', text: 'Give a label.' })
  })

  it('says nothing more when every problem sits at its field', () => {
    const setError = vi.fn()
    const settled = settle({ error: validation }, { report: 'inline' }, { form: { setError } })
    expect(setError).toHaveBeenCalledTimes(2)
    expect(settled.outcome.message).toBeNull()
  })

  it('shows the message when a form failure has no field problems', () => {
    const setError = vi.fn()
    const error = refused('Someone else saved this event meanwhile.', { code: 'CONFLICT' })
    expect(settle({ error }, { report: 'inline' }, { form: { setError } }).outcome.message).toBe(
      'Someone else saved this event meanwhile.',
    )
    expect(setError).not.toHaveBeenCalled()
  })

  it('treats an answer without data as a failure', () => {
    expect(settle({ data: null }, { fallback: 'Could not save.' }).outcome).toMatchObject({
      ok: false,
      message: 'Could not save.',
    })
  })
})
