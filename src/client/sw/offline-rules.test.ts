import { describe, expect, it } from 'vitest'
import {
  canonicalJson,
  eventOfVariables,
  fileCacheUrl,
  graphqlCacheUrl,
  isMemberCache,
  keepable,
  keepableFile,
  MEMBER_CACHES,
  noSession,
  offlineOperation,
} from './offline-rules.ts'

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

  it('digests variables the same way whatever their key order', () => {
    expect(canonicalJson({ preview: null, eventSlug: 'm', applicationType: 'singer' })).toBe(
      canonicalJson({ eventSlug: 'm', applicationType: 'singer', preview: null }),
    )
    expect(canonicalJson({ b: { d: 1, c: [2, { f: 1, e: 0 }] }, a: 1 })).toBe(
      '{"a":1,"b":{"c":[2,{"e":0,"f":1}],"d":1}}',
    )
    expect(canonicalJson({ eventSlug: 'm' })).not.toBe(canonicalJson({ eventSlug: 'n' }))
  })

  it("names a kept query's event by its eventSlug variable", () => {
    expect(eventOfVariables({ eventSlug: 'messiah', preview: null })).toBe('messiah')
    expect(eventOfVariables({})).toBeNull()
    expect(eventOfVariables({ eventSlug: '' })).toBeNull()
    expect(eventOfVariables(undefined)).toBeNull()
  })

  it('keys a stored file by its path, without the signature', () => {
    const origin = 'https://x.test'
    const first = fileCacheUrl('/api/files/uploads/document/a1/pack.pdf?exp=100&sig=abc', origin)
    const later = fileCacheUrl(`${origin}/api/files/uploads/document/a1/pack.pdf?exp=200&sig=def`, origin)
    expect(first).toBe(`${origin}/api/files/uploads/document/a1/pack.pdf`)
    expect(later).toBe(first)
    expect(fileCacheUrl('/api/files/uploads/document/a2/pack.pdf?exp=100&sig=abc', origin)).not.toBe(first)
    // Not a file link, or another site's: never keyed.
    expect(fileCacheUrl('/api/graphql', origin)).toBeNull()
    expect(fileCacheUrl('/api/files/', origin)).toBeNull()
    expect(fileCacheUrl('https://evil.test/api/files/a.pdf?sig=x', origin)).toBeNull()
  })

  it('keeps a file only when the server answered it whole with 200', () => {
    expect(keepableFile({ status: 200, type: 'basic' })).toBe(true)
    expect(keepableFile({ status: 200 })).toBe(true)
    expect(keepableFile({ status: 206, type: 'basic' })).toBe(false)
    expect(keepableFile({ status: 403, type: 'basic' })).toBe(false)
    expect(keepableFile({ status: 0, type: 'opaque' })).toBe(false)
    expect(keepableFile({ status: 200, type: 'opaqueredirect' })).toBe(false)
  })

  it("counts every member bucket, old and new, as the member's (sign-out deletes them all)", () => {
    for (const name of MEMBER_CACHES) expect(isMemberCache(name)).toBe(true)
    expect(isMemberCache('stagedoor-member-v1')).toBe(true)
    expect(isMemberCache('workbox-precache-v2-https://x.test/')).toBe(false)
  })
})
