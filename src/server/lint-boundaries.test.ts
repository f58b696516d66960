import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// STYLE.md: imports go one way, core ← server and core ← client. The lint config enforces it;
// this proves the config catches each forbidden direction.
const eslint = new ESLint()

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

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
  ])('%s may not import that: %s', async (file, code) => {
    expect(await restricted(file, code)).not.toHaveLength(0)
  })

  it.each([
    ['src/server/x.ts', "import { AppError } from '#core/errors.ts'\nexport const a = AppError\n"],
    ['src/client/x.ts', "import { AppError } from '#core/errors.ts'\nexport const a = AppError\n"],
  ])('%s may import core', async (file, code) => {
    expect(await restricted(file, code)).toEqual([])
  })
})
