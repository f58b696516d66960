import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSchema } from 'graphql'
import { readFileSync } from 'node:fs'
import { can } from '#core/auth/policies.ts'
import { ROLES, type Role } from '#core/auth/roles.ts'
import { AUTHORIZATION_ENTRIES, type FieldAccess } from '#server/graphql/authorization-entries.ts'
import { createUser } from '#server/testing/factories.ts'
import { probeOperation, rootFields } from '#server/testing/graphql-probe.ts'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'

// The authorization matrix (issue 17): every root field of schema.graphql × anonymous, a plain
// member and each role, the expected outcome read from the core capability table through the
// entry table in src/server/graphql/authorization-entries.ts.

const schema = buildSchema(readFileSync('schema.graphql', 'utf8'))
const fields = rootFields(schema)
const REFUSALS = ['UNAUTHENTICATED', 'FORBIDDEN']

interface Principal {
  name: string
  roles: Role[] | null
  token?: string
}

let t: TestApp
const principals: Principal[] = [
  { name: 'anonymous', roles: null },
  { name: 'member', roles: [] },
  ...ROLES.map((role) => ({ name: role, roles: [role] })),
]

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  for (const p of principals) if (p.roles) p.token = (await createUser(t.app, { roles: p.roles })).token
})
afterAll(() => t.close())

function allowed(access: FieldAccess, roles: Role[] | null): boolean {
  if (access === 'public') return true
  const viewer = roles ? { roles } : null
  return can(viewer, access === 'member' ? 'app.use' : access)
}

describe('authorization matrix', () => {
  it('has an entry for every root field, and none for a field that is gone', () => {
    const names = fields.map((f) => f.name)
    const missing = names.filter((n) => !(n in AUTHORIZATION_ENTRIES))
    expect(missing, 'add these to src/server/graphql/authorization-entries.ts').toEqual([])
    const stale = Object.keys(AUTHORIZATION_ENTRIES).filter((n) => !names.includes(n))
    expect(stale, 'remove these from src/server/graphql/authorization-entries.ts').toEqual([])
  })

  it('every query and mutation answers each principal as the capability table says', async () => {
    const wrong: string[] = []
    let probes = 0
    for (const root of fields) {
      if (root.kind === 'subscription') continue
      const entry = AUTHORIZATION_ENTRIES[root.name]
      if (!entry) continue
      const op = probeOperation(root, entry.variables)
      for (const p of principals) {
        probes++
        const res = await gql(t.app, op.query, { variables: op.variables, token: p.token })
        const codes = (res.body.errors ?? []).map((e) => e.extensions?.code ?? '?')
        const data = (res.body.data as Record<string, unknown> | null)?.[root.name]
        const label = `${root.kind} ${root.name} as ${p.name}: ${res.status} ${codes.join(',') || 'OK'}`
        if (res.status >= 500 || codes.includes('INTERNAL')) wrong.push(`${label} (server error)`)
        else if (allowed(entry.access, p.roles)) {
          if (codes.some((c) => REFUSALS.includes(c)))
            wrong.push(`${label}: should be allowed (${entry.access})`)
        } else {
          const refused =
            (data === undefined || data === null) &&
            codes.some((c) => [...REFUSALS, 'NOT_FOUND'].includes(c)) &&
            !(p.roles === null && codes.includes('FORBIDDEN'))
          if (!refused) wrong.push(`${label}: should be refused (${entry.access})`)
        }
      }
    }
    expect(wrong).toEqual([])
    expect(probes).toBeGreaterThan(principals.length * 50)
  }, 120_000)
})
