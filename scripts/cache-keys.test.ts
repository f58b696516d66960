import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CACHE_KEYS_FILE, cacheKeysSource } from './cache-keys.ts'

const root = path.join(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('generated cache keys', () => {
  it('the committed file is what `npm run codegen` writes from the committed schema', () => {
    expect(read(CACHE_KEYS_FILE)).toBe(cacheKeysSource(read('schema.graphql')))
  })

  it('embeds a type without an id, leaves one with an id to graphcache, and refuses a missing key field', () => {
    const sdl = (event: string) => `
      type Query { a: A, b: B, event: Event }
      type A { id: ID!, name: String }
      type B { name: String }
      type Event { ${event} }
      type EmailTemplate { key: String! }
      type MySubscription { slug: String! }
      type Extra { name: String }
    `
    const source = cacheKeysSource(sdl('id: ID!, slug: String!'))
    expect(source).toContain('  B: embedded,')
    expect(source).toContain('  Extra: embedded,')
    expect(source).not.toContain('  A:')
    expect(source).toContain("  Event: (data) => (typeof data.slug === 'string' ? data.slug : null),")
    expect(() => cacheKeysSource(sdl('id: ID!'))).toThrow('Event has no field slug')
  })
})
