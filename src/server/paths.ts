import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The repository root. This file runs either from its source (src/server/paths.ts, through tsx) or
 * compiled into dist/server/*.js (scripts/build-server.mjs): both sit two levels below the root, so
 * files the server reads at run time resolve the same way from either.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
