import type { FastifyInstance } from 'fastify'
import { AppError } from '#core/errors.ts'

/**
 * Input every route refuses before it reaches a parser or the database (issue 17, finding 5): a NUL
 * character (PostgreSQL's text cannot hold one, so it surfaced as a 500) in the URL or anywhere in a
 * JSON body, and JSON nested deeper than any of our inputs.
 */
export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).'
/** Deepest JSON body any route reads (GraphQL variables with lists of objects are ~4). */
export const MAX_JSON_DEPTH = 32

/** Does a JSON-like value hold a NUL in any key or string, or nest deeper than `maxDepth`? */
export function inspectJson(value: unknown, maxDepth = MAX_JSON_DEPTH): 'nul' | 'deep' | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!
    if (typeof v === 'string') {
      if (v.includes('\0')) return 'nul'
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return 'deep'
      for (const [key, child] of Object.entries(v)) {
        if (key.includes('\0')) return 'nul'
        stack.push({ value: child, depth: depth + 1 })
      }
    }
  }
  return null
}

/** A raw URL holds a NUL when it says `%00` (any case) or carries the byte itself. */
export function urlHasNul(url: string): boolean {
  return url.includes('\0') || /%00/i.test(url)
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (urlHasNul(request.url)) throw new AppError('BAD_REQUEST', NUL_MESSAGE)
  })
  app.addHook('preValidation', async (request) => {
    const problem = inspectJson(request.body)
    if (problem === 'nul') throw new AppError('BAD_REQUEST', NUL_MESSAGE)
    if (problem === 'deep') throw new AppError('BAD_REQUEST', 'The request body is nested too deeply.')
  })
}
