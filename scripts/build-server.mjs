#!/usr/bin/env node
// `npm run build:server`: compile the server (src/server/main.ts and what it imports from src/) into
// one file, dist/server/main.js, so production runs plain JavaScript without compiling TypeScript at
// every start (decision 0027, "Memory and start"). Packages stay in node_modules (external), so a
// package imported with `await import()` still loads only when first used. Files the server reads at
// run time (migrations, the client build) are found from the repository root (src/server/paths.ts),
// which is two levels above both src/server and dist/server.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The compiled server's entry point. */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js')

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: SERVER_ENTRY,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    // As tsx runs it: class and function names stay (logs and errors show them).
    keepNames: true,
    logLevel: 'warning',
    write: false,
  })
  // NOTE: each file is written beside its place and renamed over it, so a server starting (or a
  // test build running) at the same moment never reads half a file.
  mkdirSync(path.dirname(SERVER_ENTRY), { recursive: true })
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildServer()
  console.log(`Server built into dist/server in ${Date.now() - started} ms`)
}
