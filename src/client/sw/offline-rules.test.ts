import { describe, expect, it } from 'vitest'
import { graphqlCacheUrl, keepable, noSession, offlineOperation } from './offline-rules.ts'

describe('offline rules', () => {
  it('keeps the participant queries and the session, not mutations or admin queries', () => {
    expect(offlineOperation({ operationName: 'InfoPack', query: 'query InfoPack { x }' })).toBe('InfoPack')
    expect(offlineOperation({ operationName: 'VenueAccess', query: '\n query VenueAccess { x }' })).toBe(
      'VenueAccess',
    )
    expect(offlineOperation({ operationName: 'CurrentUser', query: 'query CurrentUser { x }' })).toBe(
      'CurrentUser',
    )
    expect(offlineOperation({ operationName: 'InfoPack', query: 'mutation InfoPack { x }' })).toBeNull()
    expect(
      offlineOperation({ operationName: 'AdminDashboard', query: 'query AdminDashboard { x }' }),
    ).toBeNull()
    expect(offlineOperation({ query: 'query { x }' })).toBeNull()
    expect(offlineOperation(null)).toBeNull()
  })

  it('keys a query by operation and variables', () => {
    expect(graphqlCacheUrl('https://x.test', 'InfoPack', 'abc')).toBe(
      'https://x.test/__offline/graphql/InfoPack/abc',
    )
  })

  it('keeps answers with data only', () => {
    expect(keepable({ data: { a: 1 } })).toBe(true)
    expect(keepable({ data: null, errors: [{ message: 'Not found' }] })).toBe(false)
    expect(keepable({ data: { a: 1 }, errors: [{ message: 'partial' }] })).toBe(false)
    expect(keepable(null)).toBe(false)
  })

  it('reads a missing session', () => {
    expect(noSession(null)).toBe(true)
    expect(noSession({ session: {}, user: null })).toBe(true)
    expect(noSession({ session: {}, user: { id: 'u1' } })).toBe(false)
  })
})
