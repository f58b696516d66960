import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql'
import { AppError } from '#core/errors.ts'
import { NUL_MESSAGE } from '#server/http/input-guards.ts'

/**
 * The JSON body of a GraphQL request, checked before Mercurius reads it: `query` a string,
 * `variables` an object, `operationName` a string (each may be absent or null), no NUL anywhere
 * (the app-wide guard sees the body too, but runs after this route's own hooks). The document
 * itself is checked in the `preParsing` hook, on every transport (document-checks.ts).
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
}

/** A string literal in the document may not hold a NUL (written `\u0000`) either. */
export const noNulInStringsRule: ValidationRule = (context: ValidationContext) => ({
  StringValue(node) {
    if (node.value.includes('\0')) context.reportError(new GraphQLError(NUL_MESSAGE, { nodes: [node] }))
  },
})
