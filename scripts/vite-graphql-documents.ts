import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const GENERATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/client/gql/graphql.ts')
const GQL_IMPORT = /import\s*\{\s*graphql\s*\}\s*from\s*'#client\/gql\/gql\.ts';?/
const GRAPHQL_CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g
const DEFINITION = /^\s*(query|mutation|subscription|fragment)\s+(\w+)/
const COMPILED = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*$/gm

/** Every compiled document of `graphql.ts` by export name, as its JSON text. */
function readCompiledDocuments(): Map<string, string> {
  const documents = new Map<string, string>()
  for (const [, name, json] of readFileSync(GENERATED, 'utf8').matchAll(COMPILED)) {
    if (name && json) documents.set(name, json)
  }
  return documents
}

/**
 * What codegen's babel/swc plugin does, for Vite: replaces each `graphql(`…`)` call with the document
 * codegen already compiled in `src/client/gql/graphql.ts`, inlined where it is written. Without it
 * `gql.ts` maps every document in the app, and even importing from `graphql.ts` would keep them all
 * in one shared chunk (a module is never split), so every page would download every query
 * (decision 0018).
 */
export function graphqlDocuments(): Plugin {
  return {
    name: 'stagedoor:graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      if (!GQL_IMPORT.test(code) || id.includes('/src/client/gql/')) return null
      this.addWatchFile(GENERATED)
      const compiled = readCompiledDocuments()
      const replaced = code.replace(GRAPHQL_CALL, (_call, source: string) => {
        const match = DEFINITION.exec(source)
        if (!match) this.error(`${id}: a graphql() document must start with a named operation or fragment`)
        const name = match[1] === 'fragment' ? `${match[2]}FragmentDoc` : `${match[2]}Document`
        const json = compiled.get(name)
        if (!json) this.error(`${id}: no compiled ${name} in src/client/gql/graphql.ts (run npm run codegen)`)
        return `(${json})`
      })
      if (/\bgraphql\(/.test(replaced)) this.error(`${id}: a graphql() call was left untransformed`)
      return { code: replaced.replace(GQL_IMPORT, ''), map: null }
    },
  }
}
