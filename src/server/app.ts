import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import { AppError, INTERNAL_MESSAGE, type ErrorCode } from '#core/errors.ts'
import type { AppConfig } from '#server/config/env.ts'
import { pingDb } from '#server/db/client.ts'
import { registerAuthRoutes } from '#server/auth/auth.routes.ts'
import { registerGraphQL } from '#server/graphql/register.ts'
import { registerFileRoutes } from '#server/storage/files.routes.ts'
import { registerCalendarRoutes } from '#server/modules/events/calendar.routes.ts'
import { injectPageMeta, type PageMeta } from '#server/content/page-meta.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { createServices, type CreateServicesOptions, type Services } from '#server/services.ts'

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
  }
}

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client')

export interface BuildAppOptions extends CreateServicesOptions {
  /** Start the job worker (default true). Tests that drive jobs by hand turn it off. */
  startJobs?: boolean
  /** Where the built SPA is; defaults to dist/client. */
  clientDist?: string
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
}

/** Send an error as `{ error: { code, message } }` with the status its code implies. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.details.retryAfterSeconds) reply.header('retry-after', String(error.details.retryAfterSeconds))
  return reply
    .status(error.status)
    .send({ error: { code: error.code, message: error.message, ...error.details } })
}

/**
 * Build the whole app without listening (tests use `app.inject`). `main.ts` listens.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID()
    },
    // NOTE: Fastify accepts a hop count at run time; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    return503OnClosing: true,
  })

  const built = await createServices(config, { ...options, logger: app.log })
  app.decorate('services', built.services)
  app.addHook('onClose', async () => built.close())
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // NOTE: toasts and animation libraries set inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Embeddable widgets are framed by other sites: they get their own frame-ancestors below.
    frameguard: false,
  })
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/embed/')) {
      const csp = String(reply.getHeader('content-security-policy') ?? '')
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'))
    } else {
      reply.header('x-frame-options', 'DENY')
    }
  })
  await app.register(compress, { threshold: 1024 })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, error.message)
      return sendError(reply, error)
    }
    const status = error.statusCode ?? 500
    const code = STATUS_CODES[status]
    if (status < 500 && code) {
      request.log.info({ err: error }, 'request refused')
      return sendError(reply, new AppError(code, clientMessage(error)))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } })
  })

  app.get('/api/health', async (_request, reply) => {
    const database = await pingDb(built.services.db)
    return reply.status(database ? 200 : 503).send({
      status: database ? 'ok' : 'unavailable',
      database: { reachable: database, engine: built.services.dbHandle.kind },
    })
  })

  await registerAuthRoutes(app)
  await registerGraphQL(app)
  await registerFileRoutes(app)
  await registerCalendarRoutes(app)
  await registerClient(app, options.clientDist ?? CLIENT_DIST)

  await app.ready()
  if (options.startJobs !== false) await built.start()
  return app
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type. Send application/json.'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but the content type says JSON.'
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.'
    default:
      return error.message
  }
}

/** Open Graph tags for a public listing page (`/listings/{slug}` and its audience pages). */
async function listingMeta(app: FastifyInstance, url: string): Promise<PageMeta | null> {
  const match = /^\/listings\/([^/?#]+)(?:\/([^/?#]+))?\/?(?:[?#].*)?$/.exec(url)
  if (!match) return null
  const event = await app.services.events.findBySlug(decodeURIComponent(match[1]!))
  if (!event || event.visibility !== 'public' || event.archivedAt) return null
  const { config } = app.services
  const name = visibleShowName(null, event, new Date()) ?? event.title
  const audience = match[2]
    ? event.audienceTypes.find((a) => a.key === decodeURIComponent(match[2]!))
    : undefined
  return {
    title: audience ? `${name}: ${audience.title} · Stagedoor` : `${name} · Stagedoor`,
    description: event.summary || `${name} at ${event.venue}`,
    url: `${config.appUrl}/listings/${encodeURIComponent(event.slug)}${audience ? `/${encodeURIComponent(audience.key)}` : ''}`,
  }
}

/** Serve the built SPA, with index.html for any client route. */
async function registerClient(app: FastifyInstance, dist: string): Promise<void> {
  const hasClient = existsSync(path.join(dist, 'index.html'))
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable')
        }
      },
    })
  }
  let indexHtml: string | undefined
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD'
    if (!wantsPage || request.url.startsWith('/api/')) {
      return sendError(
        reply,
        new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`),
      )
    }
    if (!hasClient) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web client has not been built. Run `npm run build`, or `npm start` which builds first.')
    }
    const meta = await listingMeta(app, request.url)
    if (meta) {
      indexHtml ??= readFileSync(path.join(dist, 'index.html'), 'utf8')
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(injectPageMeta(indexHtml, meta))
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
