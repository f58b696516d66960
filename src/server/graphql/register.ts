import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { NoSchemaIntrospectionCustomRule } from 'graphql'
import mercurius from 'mercurius'
import { AppError } from '#core/errors.ts'
import { webHeaders } from '#server/auth/auth.routes.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { GraphQLContext } from './context.ts'
import { errorFormatter } from './errors.ts'
import { costLimitRule, MAX_QUERY_DEPTH } from './limits.ts'
import { schema } from './schema.ts'

/** Realtime keep-alive (spec §9: heartbeat 30 s). */
export const KEEP_ALIVE_MS = 30_000

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null
  }
}

/** The only `auth-provider` this server speaks. */
export const AUTH_PROVIDER = 'better-auth'
/** Header that makes a cookie-authenticated GraphQL request count (see preHandler). */
export const CSRF_HEADER = 'x-stagedoor-csrf'

function bearerToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^Bearer\s+(.+)$/i.exec(value.trim())
  return match?.[1]
}

/**
 * GraphQL at POST /api/graphql (Mercurius, JIT on) and subscriptions over WebSocket on the same
 * path (graphql-transport-ws), authenticated by the access token in `connectionParams`.
 */
export async function registerGraphQL(app: FastifyInstance): Promise<void> {
  const services = app.services
  app.decorateRequest('viewer', null)

  await app.register(mercurius, {
    schema,
    path: '/api/graphql',
    jit: 1,
    graphiql: !services.config.isProduction,
    queryDepth: MAX_QUERY_DEPTH,
    validationRules: services.config.isProduction
      ? [costLimitRule(), NoSchemaIntrospectionCustomRule]
      : [costLimitRule()],
    errorFormatter: errorFormatter as never,
    additionalRouteOptions: {
      preValidation: async (request: FastifyRequest) => {
        if (request.method !== 'POST') return
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase()
        if (type !== 'application/json' && type !== 'application/graphql') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type. Send application/json.')
        }
      },
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        const refuse = (status: number, code: string, message: string) =>
          reply.status(status).send({ data: null, errors: [{ message, extensions: { code } }] })
        const provider = request.headers['auth-provider']
        if (typeof provider === 'string' && provider !== AUTH_PROVIDER) {
          return refuse(400, 'BAD_REQUEST', `Your client ${provider} is not supported`)
        }
        const token = bearerToken(request.headers.authorization)
        if (token) {
          // A forged or expired token is refused outright so the client refreshes it.
          const check = await services.viewers.fromToken(token)
          if (!check.ok) {
            return refuse(
              401,
              'UNAUTHENTICATED',
              check.reason === 'unknown-user'
                ? 'This account no longer exists.'
                : 'Your access token is invalid or expired.',
            )
          }
          request.viewer = check.viewer
          return
        }
        // The session cookie counts only on requests a cross-site form cannot make: they carry our
        // custom header (which forces a CORS preflight) and, when the browser says, our origin.
        if (request.headers.cookie && request.headers[CSRF_HEADER] !== undefined) {
          const origin = request.headers.origin
          if (origin !== undefined && !services.config.trustedOrigins.includes(origin)) {
            return refuse(403, 'FORBIDDEN', 'Cross-site request refused.')
          }
          request.viewer = await services.viewers.fromSessionHeaders(webHeaders(request))
        }
      },
    },
    context: (request: FastifyRequest, reply: FastifyReply): GraphQLContext => ({
      ...services,
      viewer: request.viewer,
      requestId: request.id,
      request,
      reply,
    }),
    subscription: {
      emitter: services.bus.emitter,
      keepAlive: KEEP_ALIVE_MS,
      onConnect: async ({ payload }: { payload?: Record<string, unknown> }) => {
        const raw = payload?.authorization ?? payload?.Authorization ?? payload?.accessToken
        if (raw === undefined || raw === null || raw === '') return { viewer: null }
        const token = bearerToken(raw) ?? (typeof raw === 'string' ? raw : undefined)
        if (!token) return false
        const check = await services.viewers.fromToken(token)
        return check.ok ? { viewer: check.viewer } : false
      },
      context: (_socket: unknown, request: FastifyRequest) => ({
        ...services,
        viewer: null,
        requestId: request.id,
      }),
    },
  })

  // Unknown operation names are a client mistake: answer 400 with BAD_REQUEST, not a 500.
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const operationName = (context as unknown as { reply?: FastifyReply }).reply?.request.body as
      { operationName?: string } | undefined
    const name = operationName?.operationName
    if (!name) return
    const exists = document.definitions.some(
      (d) => d.kind === 'OperationDefinition' && d.name?.value === name,
    )
    if (!exists) throw new AppError('BAD_REQUEST', `Unknown operation named "${name}".`)
  })
}
