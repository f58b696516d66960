import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type ValidationRule,
} from 'graphql'
import mercurius from 'mercurius'
import { AUTH_PROVIDER, GRAPHQL_PATH, KEEP_ALIVE_MS } from '#core/api.ts'
import { AppError } from '#core/errors.ts'
import { bearerToken, webHeaders } from '#server/http/headers.ts'
import { requestContext } from '#server/context.ts'
import { idempotencyPreHandler, isGraphQLMutation } from '#server/modules/idempotency/idempotency.ts'
import { navigationCachePreHandler } from '#server/modules/participants/navigation-cache.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { createUserSockets, type ClosableSocket } from '#server/realtime/user-sockets.ts'
import type { GraphQLContext } from './context.ts'
import {
  checkDocument,
  DOCUMENT_LIMITS,
  guardSocketDocuments,
  type GuardedSocket,
} from './document-checks.ts'
import { errorFormatter } from './errors.ts'
import { checkRequestBody, noNulInStringsRule } from './request-checks.ts'
import { costLimitRule, depthLimitRule, rootFieldLimitRule } from './limits.ts'
import { schema } from './schema.ts'

/** The only `auth-provider` this server speaks; the keep-alive of spec §9. */
export { AUTH_PROVIDER, KEEP_ALIVE_MS } from '#core/api.ts'
/** Header that makes a cookie-authenticated GraphQL request count (see preHandler). */
export const CSRF_HEADER = 'x-stagedoor-csrf'
/** Entries in each of Mercurius' two parse caches (its default is 1,024). */
export const PARSE_CACHE_SIZE = 256

/**
 * The rules every operation meets after parsing, on every transport (issue 26, finding 4): depth
 * (with room for GraphiQL's introspection query), cost, root fields, no NUL in strings, and no
 * introspection in production. Mercurius runs them (after graphql's own) for HTTP; the WebSocket
 * runs them in `preSubscriptionExecution` below.
 */
export function graphQLValidationRules(isProduction: boolean): ValidationRule[] {
  return [
    depthLimitRule(),
    costLimitRule(),
    rootFieldLimitRule(),
    noNulInStringsRule,
    ...(isProduction ? [NoSchemaIntrospectionCustomRule] : []),
  ]
}

/** What a subscription's hooks see of its context (built by `subscription.context` below). */
interface SubscriptionHookContext {
  actor: Viewer | null
  socket?: ClosableSocket
}

/**
 * GraphQL at POST /api/graphql (Mercurius, JIT on) and subscriptions over WebSocket on the same
 * path (graphql-transport-ws), authenticated by the access token in `connectionParams`.
 */
export async function registerGraphQL(app: FastifyInstance): Promise<void> {
  const services = app.services
  const validationRules = graphQLValidationRules(services.config.isProduction)

  await app.register(mercurius, {
    schema,
    path: GRAPHQL_PATH,
    jit: 1,
    // Parsed documents kept per text, valid and failed apart (Mercurius keeps two such caches): 256
    // each, and only documents within DOCUMENT_LIMITS are ever parsed (decision 0030).
    cache: PARSE_CACHE_SIZE,
    graphql: { parseOptions: { maxTokens: DOCUMENT_LIMITS.maxTokens } },
    graphiql: !services.config.isProduction,
    validationRules,
    errorFormatter,
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
        if (type === 'application/json') checkRequestBody(request.body)
      },
      preHandler: [
        async (request: FastifyRequest, reply: FastifyReply) => {
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
              if (check.reason === 'unknown-user') {
                return refuse(401, 'USER_DELETED', 'This account no longer exists.')
              }
              return refuse(
                401,
                'UNAUTHENTICATED',
                check.reason === 'session-ended'
                  ? 'Your session has ended. Sign in again.'
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
        // After the caller is known: an Idempotency-Key belongs to whoever sent it.
        idempotencyPreHandler(services, 'graphql', (request) => isGraphQLMutation(request.body)),
        navigationCachePreHandler(services),
      ],
    },
    // NOTE: written out, not spread: Mercurius adds a dozen fields to this object, and V8 makes adding
    // fields to an object built by spread very slow (it was 7 % of a request's CPU; decision 0027).
    context: (request: FastifyRequest, reply: FastifyReply): Omit<GraphQLContext, 'pubsub'> => {
      const { actor, requestId, now, services } = request.ctx
      return { actor, requestId, now, services, request, reply }
    },
    subscription: {
      emitter: services.bus.emitter,
      keepAlive: KEEP_ALIVE_MS,
      onConnect: async ({ payload }: { payload?: Record<string, unknown> }) => {
        const raw = payload?.authorization ?? payload?.Authorization ?? payload?.accessToken
        if (raw === undefined || raw === null || raw === '') return { actor: null }
        const token = bearerToken(raw) ?? (typeof raw === 'string' ? raw : undefined)
        if (!token) return false
        const check = await services.viewers.fromToken(token)
        // Merged over the context below: the socket's actor is whoever its token names.
        return check.ok ? { actor: check.viewer } : false
      },
      context: (socket: ClosableSocket & GuardedSocket, request: FastifyRequest) => {
        // Resolved at connection_init, before any subscribe message: from here on they are checked.
        guardSocketDocuments(socket)
        const { actor, requestId, now } = requestContext(services, { actor: null, requestId: request.id })
        return { actor, requestId, now, services, socket }
      },
    },
  })

  // A signed-in socket closes when its user's roles or sessions change (the client reconnects).
  const userSockets = createUserSockets()
  const stopListening = services.sessions.onUserChanged((change) => userSockets.onUserChanged(change))
  app.addHook('onClose', async () => stopListening())
  // Mercurius validates nothing of a WebSocket `subscribe` (it only parses it): the same rules as
  // HTTP here, before anything runs. A refusal answers an `error` message for that id; the socket stays.
  app.graphql.addHook('preSubscriptionExecution', async (schema, document) => {
    const [first] = validate(schema, document, [...specifiedRules, ...validationRules])
    if (first) throw new GraphQLError(first.message, { extensions: { code: 'BAD_REQUEST' } })
  })
  // The context is the one `subscription.context` above builds, `actor` merged in from onConnect.
  app.graphql.addHook<SubscriptionHookContext>(
    'preSubscriptionExecution',
    async (_schema, _document, context) => {
      const { actor, socket } = context
      if (actor && socket) userSockets.track(actor.id, socket)
    },
  )

  // Before the parser sees it, on every transport that reaches Mercurius' parser (JSON and
  // application/graphql POSTs, GET): length, tokens, nesting, operations, fragments, aliases.
  app.graphql.addHook('preParsing', async (_schema, source) => checkDocument(source))

  // Unknown operation names are a client mistake: answer 400 with BAD_REQUEST, not a 500. A
  // subscription is served over the WebSocket only (this hook never runs for WebSocket ones).
  app.graphql.addHook('preExecution', async (_schema, document, context) => {
    const body = context.reply?.request.body as { operationName?: string } | undefined
    const name = body?.operationName
    const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition')
    const operation = name ? operations.find((d) => d.name?.value === name) : operations[0]
    if (name && !operation) throw new AppError('BAD_REQUEST', `Unknown operation named "${name}".`)
    if (operation?.operation === 'subscription') {
      throw new AppError('BAD_REQUEST', 'Subscriptions are served over the WebSocket at this path, not HTTP.')
    }
  })
}
