import { describe, expect, it } from 'vitest'
import { healthFrom } from './use-health.ts'

describe('healthFrom', () => {
  it('is ok when the server says the database is reachable', () => {
    expect(healthFrom(200, { status: 'ok', database: { reachable: true, engine: 'pglite' } })).toEqual({
      state: 'ok',
      engine: 'pglite',
    })
  })

  it('reports an unreachable database from a 503', () => {
    expect(
      healthFrom(503, { status: 'unavailable', database: { reachable: false, engine: 'postgres' } }),
    ).toEqual({
      state: 'database-unreachable',
    })
  })

  it.each([
    [502, null],
    [200, 'not json'],
    [404, { error: { code: 'NOT_FOUND' } }],
    [200, { status: 'ok' }],
  ])('treats %d %j as the service being unreachable', (status, body) => {
    expect(healthFrom(status, body)).toEqual({ state: 'unreachable' })
  })
})
