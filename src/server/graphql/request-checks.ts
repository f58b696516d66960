import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql'
import { AppError } from '#core/errors.ts'
import { NUL_MESSAGE } from '#server/http/input-guards.ts'

/** Deepest bracket nesting a document may have; the parser recurses per level (issue 17, finding 5). */
export const MAX_DOCUMENT_NESTING = 64

/**
 * How deep `{`, `(` and `[` nest in a GraphQL document, skipping strings, block strings and
 * comments; stops counting once over `limit`. Linear, no recursion: it runs before the parser,
 * which 10,000 nested braces would drive past the call stack.
 */
export function documentNesting(text: string, limit = MAX_DOCUMENT_NESTING): number {
  let depth = 0
  let deepest = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '#') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++
    } else if (c === '"') {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3)
        i = end === -1 ? text.length : end + 2
      } else {
        i++
        while (i < text.length && text[i] !== '"' && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1
      }
    } else if (c === '{' || c === '(' || c === '[') {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (c === '}' || c === ')' || c === ']') {
      depth = Math.max(0, depth - 1)
    }
  }
  return deepest
}

/**
 * The JSON body of a GraphQL request, checked before Mercurius reads it: `query` a string,
 * `variables` an object, `operationName` a string (each may be absent or null), no NUL anywhere
 * (the app-wide guard sees the body too, but runs after this route's own hooks), nesting bounded.
 */
export function checkRequestBody(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'The request body must be a JSON object with a query.')
  }
  const { query, variables, operationName } = body as Record<string, unknown>
  if (query !== undefined && query !== null && typeof query !== 'string') {
    throw new AppError('BAD_REQUEST', '`query` must be a string.')
  }
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    throw new AppError('BAD_REQUEST', '`variables` must be an object.')
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new AppError('BAD_REQUEST', '`operationName` must be a string.')
  }
  if (typeof query === 'string' && documentNesting(query) > MAX_DOCUMENT_NESTING) {
    throw new AppError('BAD_REQUEST', `The document nests deeper than ${MAX_DOCUMENT_NESTING} levels.`)
  }
}

/** A string literal in the document may not hold a NUL (written `\u0000`) either. */
export const noNulInStringsRule: ValidationRule = (context: ValidationContext) => ({
  StringValue(node) {
    if (node.value.includes('\0')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node] }))
  },
})
