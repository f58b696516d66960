import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import compress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import { GRAPHQL_PATH } from '#core/api.ts'
import { AppError, INTERNAL_MESSAGE } from '#core/errors.ts'
import { CODE_BY_STATUS, fastifyClientMessage, sendError } from '#server/http/errors.ts'
import { registerInputGuards } from '#server/http/input-guards.ts'
import { answerHeaders, embeddableHeaders, securityHeaders } from '#server/http/security-headers.ts'
import { lazyRequestLogger } from '#server/http/request-logger.ts'
import type { AppConfig } from '#server/config/env.ts'
import { pingDb } from '#server/db/client.ts'
import { registerAuthRoutes } from '#server/auth/auth.routes.ts'
import { registerGraphQL } from '#server/graphql/register.ts'
import { registerFileRoutes } from '#server/storage/files.routes.ts'
import { registerCalendarRoutes } from '#server/modules/events/calendar.routes.ts'
import { registerMailingListRoutes } from '#server/modules/mailing-lists/mailing-lists.routes.ts'
import { registerPeopleRoutes } from '#server/modules/people/people.routes.ts'
import { registerTicketPdfRoutes } from '#server/modules/tickets/ticket-pdf.routes.ts'
import { registerStripeWebhook } from '#server/modules/card-payments/stripe-webhook.routes.ts'
import { registerReceiptRoutes } from '#server/modules/finance/receipts.routes.ts'
import { registerDevInbox } from '#server/mail/dev-inbox.routes.ts'
import { registerDevSms } from '#server/sms/dev-sms.routes.ts'
import { findPublicListing } from '#server/modules/events/events.queries.ts'
import { injectPageMeta, type PageMeta } from '#server/content/page-meta.ts'
import { injectPageSession, pageSession } from '#server/auth/page-session.ts'
import { homePrerenderer } from '#server/http/prerendered-home.ts'
import { visibleShowName } from '#core/events/policies.ts'
import { createServices, type CreateServicesOptions, type Services } from '#server/services.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import { registerJobHandlers } from '#server/jobs/handlers.ts'
import { requestContext, type RequestContext } from '#server/context.ts'
import { registerIdempotency } from '#server/modules/idempotency/idempotency.ts'
import { queueIdempotencySweep } from '#server/modules/idempotency/idempotency.jobs.ts'
import { queueUploadSweep } from '#server/jobs/upload-sweep.ts'
import { queueLapsedPlaces } from '#server/modules/operations/operations.jobs.ts'
import { registerNavigationCache } from '#server/modules/participants/navigation-cache.ts'
import { ROOT } from '#server/paths.ts'
import { registerManifestRoute } from '#server/modules/settings/manifest.routes.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { societyPageHead } from '#server/modules/settings/society-page.ts'

declare module 'fastify' {
  interface FastifyInstance {
    services: Services
    /** Start the job worker and mail delivery (buildApp does unless `startJobs: false`). */
    startBackgroundWork(): Promise<void>
  }
  interface FastifyRequest {
    /** Who is asking, once an auth hook has looked (GraphQL's preHandler, the upload route). */
    viewer: Viewer | null
    /** This request's context for use cases: built once, on first use, from `viewer`. */
    readonly ctx: RequestContext
    /** Where `ctx` is kept once built; read `ctx`. */
    ctxSlot: RequestContext | null
  }
}

export const CLIENT_DIST = path.join(ROOT, 'dist/client')

export interface BuildAppOptions extends CreateServicesOptions {
  /**
   * Start the job worker (default true). Tests that drive jobs by hand turn it off; `main.ts` starts
   * it itself after the demo society is in place.
   */
  startJobs?: boolean
  /** Where the built SPA is; defaults to dist/client. */
  clientDist?: string
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
    // Each request's logger becomes a pino child only when a line is written (decision 0027).
    childLoggerFactory: lazyRequestLogger,
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
  registerJobHandlers(built.services)
  app.decorate('services', built.services)
  const startBackgroundWork = async () => {
    await built.start()
    await queueIdempotencySweep(built.services)
    await queueUploadSweep(built.services)
    await queueLapsedPlaces(built.services)
  }
  app.decorate('startBackgroundWork', startBackgroundWork)
  app.decorateRequest('viewer', null)
  // The context is kept in a slot every request has from the start (no WeakMap, no new shape).
  app.decorateRequest('ctxSlot', null)
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      return (this.ctxSlot ??= requestContext(built.services, { actor: this.viewer, requestId: this.id }))
    },
  })
  app.addHook('onClose', async () => built.close())
  const pageHeaders = securityHeaders({
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
  const framedHeaders = embeddableHeaders(pageHeaders)
  const unframedHeaders = Object.freeze({ ...pageHeaders, 'x-frame-options': 'DENY' })
  const graphQLHeaders = answerHeaders(unframedHeaders)
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url
    reply.headers(
      url.startsWith(GRAPHQL_PATH)
        ? graphQLHeaders
        : url.startsWith('/embed/')
          ? framedHeaders
          : unframedHeaders,
    )
    reply.header('x-request-id', request.id)
    done()
  })
  // NOTE: before compression, so a kept answer is the plain JSON the route produced.
  registerIdempotency(app)
  registerNavigationCache(app, built.services)
  await app.register(compress, { threshold: 1024 })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      request.log.info({ code: error.code }, error.message)
      return sendError(reply, error)
    }
    const status = error.statusCode ?? 500
    const code = CODE_BY_STATUS[status]
    if (status < 500 && code) {
      request.log.info({ err: error }, 'request refused')
      return sendError(reply, new AppError(code, fastifyClientMessage(error)))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } })
  })

  registerInputGuards(app)

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
  await registerMailingListRoutes(app)
  await registerPeopleRoutes(app)
  await registerTicketPdfRoutes(app)
  await registerStripeWebhook(app)
  await registerReceiptRoutes(app)
  if (config.mailMode === 'local-inbox') await registerDevInbox(app)
  if (config.smsMode === 'local-inbox') await registerDevSms(app)
  await registerClient(app, options.clientDist ?? CLIENT_DIST)

  await app.ready()
  if (options.startJobs !== false) await startBackgroundWork()
  return app
}

/** Open Graph tags for a public listing page (`/listings/{slug}` and its audience pages). */
async function listingMeta(ctx: RequestContext, url: string): Promise<PageMeta | null> {
  const match = /^\/listings\/([^/?#]+)(?:\/([^/?#]+))?\/?(?:[?#].*)?$/.exec(url)
  if (!match) return null
  const event = await findPublicListing(ctx, decodeURIComponent(match[1]!))
  if (!event) return null
  const { config } = ctx.services
  const society = await societySettingsOf(ctx.services)
  const name = visibleShowName(null, event, ctx.now()) ?? event.title
  const audience = match[2]
    ? event.audienceTypes.find((a) => a.key === decodeURIComponent(match[2]!))
    : undefined
  return {
    title: audience ? `${name}: ${audience.title} · ${society.shortName}` : `${name} · ${society.shortName}`,
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
      // The build's brotli and gzip copies of its hashed files (scripts/vite-precompress.ts), sent in
      // place of the file a request names. They get no routes of their own: with `wildcard: false`
      // each file found is two routes (GET, HEAD) made at every start, and the copies were 192 of
      // the 323 files (decision 0027, "Embedded restart, fourth pass").
      preCompressed: true,
      // The manifest is served from the society's settings (modules/settings/manifest.routes.ts).
      globIgnore: ['**/*.br', '**/*.gz', 'manifest.webmanifest'],
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable')
        } else if (/(^|[\\/])(sw\.js|manifest\.webmanifest)$/.test(filePath)) {
          // The service worker and the manifest are checked on every start: a deploy shows at once.
          reply.header('cache-control', 'no-cache')
        }
      },
    })
  }
  await registerManifestRoute(app, dist)
  let indexHtml: string | undefined
  const prerenderer = hasClient
    ? homePrerenderer(dist, (error) => app.log.error({ err: error }, 'prerendering the member home failed'))
    : null
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
    const [meta, session, society] = await Promise.all([
      listingMeta(request.ctx, request.url),
      pageSession(request, reply),
      societySettingsOf(request.ctx.services),
    ])
    // NOTE: sent as text, not with sendFile, whose `maxAge` would replace no-cache (an hour's old shell).
    indexHtml ??= readFileSync(path.join(dist, 'index.html'), 'utf8')
    const page = societyPageHead(indexHtml, society)
    let html = meta ? injectPageMeta(page, meta, society.name) : page
    if (session) {
      html = injectPageSession(html, session)
      if (prerenderer)
        html = await prerenderer.render(html, request.url.split('?')[0]!, session.user, society)
    }
    return (
      reply
        // NOTE: a page with a member's session in it is theirs alone: kept by no cache, shared or not
        // (the service worker never keeps pages either: sw.ts).
        .header('cache-control', session ? 'private, no-store' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html)
    )
  })
}
