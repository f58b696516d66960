import path from 'node:path'
import { build, type Rollup } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'

// The e2e render-failure trigger (src/client/lib/test-render-failure.ts) is in the build
// scripts/e2e.mjs makes (VITE_E2E_HOOKS=1) and in no other: Vite replaces the variable when it
// builds, and the bundler drops the branch that is never taken. Built here with Vite itself, once
// each way, so the test fails if the hook ever reaches a production bundle (or the e2e one loses it).

const root = path.resolve(import.meta.dirname, '..')
const HOOK = 'Render failure requested by an end-to-end test'
const saved = process.env.VITE_E2E_HOOKS

afterEach(() => {
  if (saved === undefined) delete process.env.VITE_E2E_HOOKS
  else process.env.VITE_E2E_HOOKS = saved
})

async function bundle(hooks: string | undefined): Promise<string> {
  if (hooks === undefined) delete process.env.VITE_E2E_HOOKS
  else process.env.VITE_E2E_HOOKS = hooks
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.join(root, 'src/client/lib/test-render-failure.ts'),
        formats: ['es'],
        fileName: 'hook',
      },
      rollupOptions: { external: ['react-router'] },
    },
  })) as Rollup.RollupOutput[]
  return output
    .flatMap((o) => o.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n')
}

describe('the e2e test hook', () => {
  it('is in the e2e build (the check can fail)', async () => {
    expect(await bundle('1')).toContain(HOOK)
  })

  it('is not in a production build', async () => {
    const code = await bundle(undefined)
    expect(code).not.toContain(HOOK)
    expect(code).not.toContain('__STAGEDOOR_TEST__')
  })
})
