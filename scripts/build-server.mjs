#!/usr/bin/env node
// `npm run build:server`: compile the server (src/server/main.ts, what it imports from src/ and the
// packages it uses) into dist/server/main.js and the chunks it loads on first use, so production runs
// plain JavaScript from a few files instead of compiling TypeScript and resolving thousands of
// package files at every start (decision 0027, "Memory and start"). A package imported with
// `await import()` is a chunk of its own and still loads only when first used. The packages in
// EXTERNAL stay in node_modules. Files the server reads at run time (migrations, the client build)
// are found from the repository root (src/server/paths.ts), two levels above src/server and
// dist/server, which is why every chunk sits beside main.js.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The compiled server's entry point. */
export const SERVER_ENTRY = path.join(root, 'dist/server/main.js')
const OUT_DIR = path.dirname(SERVER_ENTRY)

/**
 * Packages loaded from node_modules rather than bundled: native code (sharp, pg-native), files found
 * beside their own module at run time (PGlite's WebAssembly and data files, Mercurius's static
 * files, pino's worker threads), graphql, whose classes must be the one copy Mercurius and
 * graphql-jit (external with it) check with `instanceof`, and pdf-lib: a CommonJS package whose
 * named exports we take from `await import()`, which Node finds (cjs-module-lexer) and a bundle does
 * not (it would see `default` alone).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'sharp',
  'pg-native',
  'mercurius',
  'graphql',
  'graphql/*',
  'pino',
  'thread-stream',
  'pdf-lib',
]

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: EXTERNAL,
    // Bundled CommonJS packages call `require` (for Node's own modules and the external packages).
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    // Stack traces name our files and lines; the sources themselves are in the repository.
    sourcesContent: false,
    // Not `keepNames`: it wraps every function and class the bundle defines in a call naming it,
    // each time the definition runs, and the packages define closures on every request (Fastify's
    // hooks: about 6 % of a small request's time). Names stay as written unless two modules' names
    // collide, when esbuild suffixes one (`AppError2`); the source map still names the file and line.
    // Smaller files parse faster at start; identifiers are not minified.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    write: false,
  })
  // NOTE: each file is written beside its place and renamed over it, so a server starting (or a
  // test build running) at the same moment never reads half a file.
  // Chunks are named by their content, so a running server keeps finding its own; main.js (and its
  // map) go last, and what no longer belongs to the build is removed after.
  mkdirSync(OUT_DIR, { recursive: true })
  const isEntry = (file) => file.path.startsWith(SERVER_ENTRY)
  const files = [...result.outputFiles.filter((f) => !isEntry(f)), ...result.outputFiles.filter(isEntry)]
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`
    writeFileSync(temporary, file.contents)
    renameSync(temporary, file.path)
  }
  const built = new Set(files.map((f) => path.basename(f.path)))
  for (const name of readdirSync(OUT_DIR)) {
    if (!built.has(name) && !name.endsWith('.tmp')) rmSync(path.join(OUT_DIR, name), { force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now()
  await buildServer()
  console.log(`Server built into dist/server in ${Date.now() - started} ms`)
}
