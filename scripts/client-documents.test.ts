import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, specifiedRules, validate, type DocumentNode } from 'graphql'
import { formatDocument } from '@urql/core'
import { describe, expect, it } from 'vitest'
import * as documents from '#client/gql/graphql.ts'
import { costLimitRule, depthLimitRule, rootFieldLimitRule } from '#server/graphql/limits.ts'

// Every document the client sends passes the server's limits as the client sends it: graphcache adds
// `__typename` to every selection set, and a member's own page refused for cost answers 400 on every
// visit (it happened: My applications went over the limit once `__typename` was charged).
const schema = buildSchema(readFileSync(path.join(import.meta.dirname, '..', 'schema.graphql'), 'utf8'))
const rules = [...specifiedRules, depthLimitRule(), costLimitRule(), rootFieldLimitRule()]

const clientDocuments = Object.entries(documents).filter(
  (entry): entry is [string, DocumentNode] =>
    entry[0].endsWith('Document') &&
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    'kind' in entry[1] &&
    entry[1].kind === 'Document',
)

describe('client GraphQL documents as sent', () => {
  it('are found (the check reads the generated documents)', () => {
    expect(clientDocuments.length).toBeGreaterThan(100)
  })

  it('each passes the depth, cost and root-field limits with the cache’s __typename added', () => {
    const refused = clientDocuments
      .map(([name, document]): [string, string[]] => [
        name,
        validate(schema, formatDocument(document), rules).map((e) => e.message),
      ])
      .filter(([, errors]) => errors.length > 0)
    expect(Object.fromEntries(refused)).toEqual({})
  })
})
