import { describe, expect, it } from 'vitest'
import type { DbHandle } from './client.ts'
import { embeddedDurabilityNotice } from './durability-notice.ts'

const pglite = (durableCommits: boolean) => ({ kind: 'pglite', durableCommits }) as DbHandle

describe('the embedded durability notice', () => {
  it('says whether durable commits are on, what survives and when to choose PostgreSQL', () => {
    const on = embeddedDurabilityNotice(pglite(true))!
    expect(on).toMatch(/embedded PGlite, durable commits on/)
    expect(on).toContain('power cut')
    expect(on).toContain('DATABASE_URL')
    const off = embeddedDurabilityNotice(pglite(false))!
    expect(off).toMatch(/durable commits OFF/)
    expect(off).toContain('can lose acknowledged writes')
  })

  it('says nothing on PostgreSQL', () => {
    expect(embeddedDurabilityNotice({ kind: 'postgres' } as DbHandle)).toBeNull()
  })
})
