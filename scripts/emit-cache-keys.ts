import { readFileSync, writeFileSync } from 'node:fs'
import { CACHE_KEYS_FILE, cacheKeysSource } from './cache-keys.ts'

writeFileSync(CACHE_KEYS_FILE, cacheKeysSource(readFileSync('schema.graphql', 'utf8')))
console.log(`${CACHE_KEYS_FILE} written`)
