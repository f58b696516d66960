import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// STYLE.md: imports go one way, core ← server and core ← client. The lint config enforces it;
// this proves the config catches each forbidden direction.
const eslint = new ESLint()

async function messages(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message)
}

const restricted = (filePath: string, code: string) => messages(filePath, code, 'no-restricted-imports')

describe('import boundaries', () => {
  it.each([
    ['src/core/x.ts', "import { buildApp } from '#server/app.ts'\nexport const a = buildApp\n"],
    ['src/core/x.ts', "import { x } from '#client/main.tsx'\nexport const a = x\n"],
    ['src/core/x.ts', "import { readFileSync } from 'node:fs'\nexport const a = readFileSync\n"],
    ['src/core/x.ts', "import { useState } from 'react'\nexport const a = useState\n"],
    ['src/client/x.ts', "import { buildApp } from '#server/app.ts'\nexport const a = buildApp\n"],
    [
      'src/client/features/x.ts',
      "import { buildApp } from '../../server/app.ts'\nexport const a = buildApp\n",
    ],
    ['src/server/x.ts', "import { x } from '#client/main.tsx'\nexport const a = x\n"],
    // Resolvers and GraphQL types do not touch the database tables.
    [
      'src/server/modules/x/x.graphql.ts',
      "import { events } from '#server/db/schema/index.ts'\nexport const a = events\n",
    ],
    [
      'src/server/modules/x/types/y.ts',
      "import { users } from '../../../db/schema/index.ts'\nexport const a = users\n",
    ],
    // Routes do not import the app that mounts them.
    ['src/server/x/y.routes.ts', "import { buildApp } from '#server/app.ts'\nexport const a = buildApp\n"],
    // Production code does not reach the demo or the tests.
    ['src/server/x.ts', "import { seedDemo } from '#server/demo/demo.ts'\nexport const a = seedDemo\n"],
    [
      'src/server/x.ts',
      "import { createTestApp } from '#server/testing/test-app.ts'\nexport const a = createTestApp\n",
    ],
  ])('%s may not import that: %s', async (file, code) => {
    expect(await restricted(file, code)).not.toHaveLength(0)
  })

  it.each([
    ['src/server/x.ts', "import { AppError } from '#core/errors.ts'\nexport const a = AppError\n"],
    ['src/client/x.ts', "import { AppError } from '#core/errors.ts'\nexport const a = AppError\n"],
    // Use cases own the database; the demo and tests may reach anything.
    [
      'src/server/modules/x/do-thing.ts',
      "import { events } from '#server/db/schema/index.ts'\nexport const a = events\n",
    ],
    ['src/server/demo/x.ts', "import { seedDemo } from '#server/demo/demo.ts'\nexport const a = seedDemo\n"],
    [
      'src/server/x.test.ts',
      "import { createTestApp } from '#server/testing/test-app.ts'\nexport const a = createTestApp\n",
    ],
  ])('%s may import core', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})

describe('file length', () => {
  it('refuses a server or client source file over 400 lines, not a test', async () => {
    const long = Array.from({ length: 401 }, (_, i) => `export const a${i} = ${i}`).join('\n') + '\n'
    const rules = async (filePath: string) =>
      ((await eslint.lintText(long, { filePath }))[0]?.messages ?? []).map((m) => m.ruleId)
    expect(await rules('src/server/modules/x/y.ts')).toContain('max-lines')
    expect(await rules('src/client/features/x/y.tsx')).toContain('max-lines')
    expect(await rules('src/server/modules/x/y.test.ts')).not.toContain('max-lines')
  })
})

// STYLE.md: client features do not import each other; the app composes them.
describe('client feature zones', () => {
  const zone = (filePath: string, code: string) => messages(filePath, code, 'no-restricted-imports')

  it.each([
    [
      'src/client/features/acceptance/x.ts',
      "import { displayName } from '#client/features/casting/casting-format.ts'\nexport const a = displayName\n",
    ],
    [
      'src/client/features/acceptance/components/x.tsx',
      "import { displayName } from '../../casting/casting-format.ts'\nexport const a = displayName\n",
    ],
    [
      'src/client/features/events/hooks/x.ts',
      "import { useSignOut } from '#client/features/auth/hooks/use-sign-out.ts'\nexport const a = useSignOut\n",
    ],
  ])('%s may not import another feature: %s', async (file, code) => {
    expect(await zone(file, code)).not.toHaveLength(0)
  })

  it.each([
    [
      'src/client/features/casting/components/x.tsx',
      "import { displayName } from '../casting-format.ts'\nexport const a = displayName\n",
    ],
    [
      'src/client/features/casting/x.ts',
      "import { StatusBadge } from '#client/components/ui/status-badge.tsx'\nexport const a = StatusBadge\n",
    ],
    [
      'src/client/app/x.tsx',
      "import { displayName } from '#client/features/casting/casting-format.ts'\nexport const a = displayName\n",
    ],
  ])('%s may import that: %s', async (file, code) => {
    expect(await zone(file, code)).toEqual([])
  })
})

// STYLE.md: a file stays under 400 lines (generated and test files aside).
describe('client file length', () => {
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const a${i} = ${i}`).join('\n') + '\n'
  const tooLong = (filePath: string, code: string) => messages(filePath, code, 'max-lines')

  it('refuses a client source file of 401 lines, blank lines and comments counted', async () => {
    expect(await tooLong('src/client/features/x/y.ts', lines(401))).not.toHaveLength(0)
    expect(
      await tooLong('src/client/lib/y.tsx', `${lines(390)}${'\n'.repeat(6)}${'// why\n'.repeat(5)}`),
    ).not.toHaveLength(0)
  })

  it('allows 400 lines, and longer client tests', async () => {
    expect(await tooLong('src/client/features/x/y.ts', lines(400))).toEqual([])
    expect(await tooLong('src/client/features/x/y.test.ts', lines(900))).toEqual([])
  })
})
