import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, getNamedType, parse, print, TypeInfo, visit, visitWithTypeInfo } from 'graphql'
import { describe, expect, it } from 'vitest'

// A shape read in more than one place is a fragment (STYLE.md, issue 31): graphcache keeps one entry
// per entity, and two documents that write the same selection out must not drift apart. This finds
// every selection of three or more fields that two client documents write out alike.
const ROOT = path.join(import.meta.dirname, '..')
const CLIENT = path.join(ROOT, 'src', 'client')
const GRAPHQL_CALL = /\bgraphql\(\s*`([^`]*)`\s*\)/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return full.endsWith(path.join('src', 'client', 'gql')) ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Each selection (three fields or more) by its type and text, with the documents that write it. */
function repeatedSelections(): Map<string, string[]> {
  const schema = buildSchema(readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'))
  const seen = new Map<string, Set<string>>()
  for (const file of sourceFiles(CLIENT)) {
    for (const [, source] of readFileSync(file, 'utf8').matchAll(GRAPHQL_CALL)) {
      const document = parse(source ?? '')
      const name = document.definitions.map((d) => ('name' in d ? d.name?.value : undefined)).join()
      const types = new TypeInfo(schema)
      visit(
        document,
        visitWithTypeInfo(types, {
          // A fragment's own selection counts as a place: a document that writes it out again is caught.
          FragmentDefinition(node) {
            const key = `${node.typeCondition.name.value} ${print(node.selectionSet)}`
            seen.set(key, (seen.get(key) ?? new Set()).add(`${name}.fragment`))
          },
          Field(node) {
            if (!node.selectionSet || node.selectionSet.selections.length < 3) return
            const key = `${String(getNamedType(types.getType()))} ${print(node.selectionSet)}`
            seen.set(key, (seen.get(key) ?? new Set()).add(`${name}.${node.name.value}`))
          },
        }),
      )
    }
  }
  return new Map(
    [...seen]
      .filter(([, where]) => new Set([...where].map((w) => w.split('.')[0])).size > 1)
      .map(([k, v]) => [k, [...v]]),
  )
}

describe('client GraphQL documents', () => {
  it('write no selection of three or more fields out in two documents: that is a fragment', () => {
    expect(Object.fromEntries(repeatedSelections())).toEqual({})
  })
})
