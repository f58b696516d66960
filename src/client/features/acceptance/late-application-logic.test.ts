import { GraphQLError } from 'graphql'
import { CombinedError } from 'urql'
import { describe, expect, it } from 'vitest'
import { checkLateApplication, lateApplicationProblems } from './late-application-logic.ts'

const refusal = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  new CombinedError({ graphQLErrors: [new GraphQLError(message, { extensions: { code, ...extra } })] })

describe('checking the late-application form before sending', () => {
  it('accepts an email and a type', () => {
    expect(checkLateApplication({ email: ' member3@stagedoor.test ', type: 'singer' })).toEqual({})
  })

  it.each([
    ['', 'Enter the member’s email address.'],
    ['   ', 'Enter the member’s email address.'],
    ['member3', 'Enter an email address in the right form, such as name@example.com.'],
    ['a b@c.d', 'Enter an email address in the right form, such as name@example.com.'],
  ])('refuses the email %j', (email, message) => {
    expect(checkLateApplication({ email, type: 'singer' }).email).toBe(message)
  })

  it('asks for a type', () => {
    expect(checkLateApplication({ email: 'a@b.c', type: '' })).toEqual({
      type: 'Choose an application type.',
    })
  })
})

describe('the server’s refusals', () => {
  it('NOT_FOUND is an unknown email, next to the email field', () => {
    expect(lateApplicationProblems(refusal('NOT_FOUND', 'No member with the email x@y.z.')).email).toMatch(
      /^No member has this email address/,
    )
  })

  it('CONFLICT is an existing application, for the form', () => {
    const message = 'That member already has an application of this type for this event.'
    expect(lateApplicationProblems(refusal('CONFLICT', message))).toEqual({ form: message })
  })

  it('VALIDATION puts field errors on their fields', () => {
    expect(
      lateApplicationProblems(
        refusal('VALIDATION', 'No application type "x".', {
          fields: [{ path: 'type', message: 'Choose one of the event’s application types.' }],
        }),
      ),
    ).toEqual({ type: 'Choose one of the event’s application types.' })
  })

  it('VALIDATION of something else is said for the form', () => {
    expect(
      lateApplicationProblems(
        refusal('VALIDATION', 'Check the answers.', {
          fields: [{ path: ['answers', 'why'], message: 'Required' }],
        }),
      ),
    ).toEqual({ form: 'Check the answers. Required' })
    // The server's message is the first field's: said once.
    expect(
      lateApplicationProblems(
        refusal('VALIDATION', 'Required', { fields: [{ path: 'answers.why', message: 'Required' }] }),
      ),
    ).toEqual({ form: 'Required' })
    expect(lateApplicationProblems(refusal('VALIDATION', 'Bad input.'))).toEqual({ form: 'Bad input.' })
  })

  it('no answer at all is a network problem', () => {
    expect(lateApplicationProblems({ graphQLErrors: [], networkError: new Error('offline') }).form).toMatch(
      /could not be reached/,
    )
  })
})
