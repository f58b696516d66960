import { GraphQLError } from 'graphql'
import { CombinedError } from 'urql'
import { describe, expect, it } from 'vitest'
import { firstErrorCode, isNotFound } from './query-errors.ts'

const graphQLError = (code?: unknown) =>
  new GraphQLError('failed', { extensions: code === undefined ? {} : { code } })

describe('firstErrorCode', () => {
  it('is the first GraphQL error’s extensions.code', () => {
    const error = new CombinedError({ graphQLErrors: [graphQLError('FORBIDDEN'), graphQLError('NOT_FOUND')] })
    expect(firstErrorCode(error)).toBe('FORBIDDEN')
  })

  it('is NETWORK when there was no GraphQL answer', () => {
    expect(firstErrorCode(new CombinedError({ networkError: new Error('Failed to fetch') }))).toBe('NETWORK')
  })

  it.each([undefined, '', 42])('is UNKNOWN when the first error has no usable code (%j)', (code) => {
    expect(firstErrorCode(new CombinedError({ graphQLErrors: [graphQLError(code)] }))).toBe('UNKNOWN')
  })
})

describe('isNotFound', () => {
  it('is true only for NOT_FOUND', () => {
    expect(isNotFound(new CombinedError({ graphQLErrors: [graphQLError('NOT_FOUND')] }))).toBe(true)
    expect(isNotFound(new CombinedError({ graphQLErrors: [graphQLError('FORBIDDEN')] }))).toBe(false)
    expect(isNotFound(undefined)).toBe(false)
  })
})
