import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/
const MIN_BYTES = 1024

/**
 * Brotli and gzip copies of the build's hashed files (`assets/x.js.br`, `.gz`), which the server
 * sends as they are (@fastify/static `preCompressed`) instead of compressing every answer again:
 * less of the server's CPU per page load and smaller files (brotli at its best setting; issue 16,
 * decision 0027). The service worker's precache list names the plain files only.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'stagedoor-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    writeBundle() {
      const assets = path.join(outDir, 'assets')
      for (const name of readdirSync(assets)) {
        const file = path.join(assets, name)
        if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue
        const bytes = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      }
    },
  }
}
