import { createHash } from 'node:crypto'
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { parse, type DocumentNode } from 'graphql'
import { HTTP_STATUS, type ErrorCode } from '#core/errors.ts'
import { idempotencyKeys } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'

/**
 * `Idempotency-Key` (decision 0026): a client that retries a write whose reply it never got (the
 * write committed, the connection died) gets the first answer again instead of running it twice.
 *
 * - The key belongs to whoever sent it (the member, or an anonymous caller's address).
 * - The same key with the same method, path and body → the stored answer, marked `Idempotent-Replayed`.
 * - The same key with another request → 422 IDEMPOTENCY_KEY_REUSED; while the first is still
 *   running → 409 IDEMPOTENCY_KEY_IN_USE (retry shortly).
 * - An answer of 5xx is not kept: the retry runs again. Keys are kept 24 hours.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const REPLAYED_HEADER = 'idempotent-replayed'
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000
/** A claim left running this long belongs to a request that died with its process: it is taken over. */
export const ABANDONED_CLAIM_MS = 60_000
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

type ErrorShape = 'graphql' | 'rest'
interface Claim {
  scope: string
  key: string
}
const claims = new WeakMap<FastifyRequest, Claim>()

function refuse(reply: FastifyReply, shape: ErrorShape, code: ErrorCode, message: string) {
  if (code === 'IDEMPOTENCY_KEY_IN_USE') reply.header('retry-after', '1')
  reply.status(HTTP_STATUS[code])
  return reply.send(
    shape === 'graphql'
      ? { data: null, errors: [{ message, extensions: { code } }] }
      : { error: { code, message } },
  )
}

/** Does this GraphQL request run a mutation? Queries are safe to repeat and are never stored. */
export function isGraphQLMutation(body: unknown): boolean {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown }
  if (typeof query !== 'string') return false
  let document: DocumentNode
  try {
    document = parse(query)
  } catch {
    return false
  }
  const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition')
  const chosen =
    typeof operationName === 'string' && operationName
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined
  return chosen?.operation === 'mutation'
}

function requestHash(request: FastifyRequest): string {
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null)
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex')
}

/**
 * A preHandler for a write route, run after the caller is known (`request.viewer`). `applies`
 * decides whether this request is a write the key should guard (GraphQL: mutations only).
 */
export function idempotencyPreHandler(
  services: Services,
  shape: ErrorShape,
  applies: (request: FastifyRequest) => boolean = () => true,
) {
  const { db } = services
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[IDEMPOTENCY_HEADER]
    if (raw === undefined) return
    const key = Array.isArray(raw) ? raw[0] : raw
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      return refuse(reply, shape, 'BAD_REQUEST', 'Idempotency-Key must be 1 to 255 visible ASCII characters.')
    }
    if (!applies(request)) return
    const scope = request.viewer
      ? `member:${request.viewer.id}`
      : `anonymous:${createHash('sha256').update(request.ip).digest('hex').slice(0, 16)}`
    const hash = requestHash(request)
    const now = services.clock()
    const fresh = new Date(now.getTime() - IDEMPOTENCY_TTL_MS)
    // Claim the key; a row older than 24 hours (not swept yet) or an abandoned claim is taken over.
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { requestHash: hash, statusCode: null, contentType: null, responseBody: null, createdAt: now },
        setWhere: or(
          lt(idempotencyKeys.createdAt, fresh),
          and(
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, new Date(now.getTime() - ABANDONED_CLAIM_MS)),
          ),
        ),
      })
      .returning({ key: idempotencyKeys.key })
    if (claimed.length > 0) {
      claims.set(request, { scope, key })
      return
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, scope),
          eq(idempotencyKeys.key, key),
          gt(idempotencyKeys.createdAt, fresh),
        ),
      )
    if (!first) return refuse(reply, shape, 'IDEMPOTENCY_KEY_IN_USE', 'This Idempotency-Key is busy; retry.')
    if (first.requestHash !== hash) {
      return refuse(
        reply,
        shape,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
      )
    }
    if (first.statusCode === null) {
      return refuse(
        reply,
        shape,
        'IDEMPOTENCY_KEY_IN_USE',
        'The first request with this Idempotency-Key is still running; retry shortly.',
      )
    }
    reply.status(first.statusCode).header(REPLAYED_HEADER, 'true')
    if (first.contentType) reply.header('content-type', first.contentType)
    return reply.send(first.responseBody ?? '')
  }
}

/**
 * Keep the first answer to each claimed key. Registered once, before compression, so the stored
 * answer is the plain JSON the route produced.
 */
export function registerIdempotency(app: FastifyInstance): void {
  const { db } = app.services
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request)
    if (!claim) return payload
    claims.delete(request)
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key))
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null
    if (reply.statusCode >= 500 || body === null) {
      // Not an answer to keep: the retry runs the request again.
      await db.delete(idempotencyKeys).where(where)
      return payload
    }
    await db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        responseBody: body,
      })
      .where(where)
    return payload
  })
}

/** Forget keys older than 24 hours. Returns how many went. */
export async function sweepIdempotencyKeys(services: Services): Promise<number> {
  const cutoff = new Date(services.clock().getTime() - IDEMPOTENCY_TTL_MS)
  const gone = await services.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key })
  return gone.length
}
