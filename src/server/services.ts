import type { FastifyBaseLogger } from 'fastify'
import { createAuth, type Auth } from '#server/auth/auth.ts'
import { switchOffAuthStorageWhenIdle } from '#server/auth/auth-storage.ts'
import { createViewerResolver, type ViewerResolver } from '#server/auth/viewer.ts'
import { createSessionCheck, type SessionCheck } from '#server/auth/session-check.ts'
import type { AppConfig } from '#server/config/env.ts'
import { migrateDb, openDb, pgliteDir, type Db, type DbHandle } from '#server/db/client.ts'
import { timedPhase } from '#server/startup-phases.ts'
import type { Role } from '#core/auth/roles.ts'
import { JobQueue } from '#server/jobs/queue.ts'
import { createMailer, type Mailer } from '#server/mail/outbox.service.ts'
import { createLocalBus, createPgBus, type Bus } from '#server/realtime/bus.ts'
import type { UserChanged } from '#server/realtime/topics.ts'
import { createSmsProvider, type SmsProvider } from '#server/sms/sms-provider.ts'
import { createStorage } from '#server/storage/create-storage.ts'
import type { Storage } from '#server/storage/storage.ts'

/** What the login page offers in demo mode: set by the demo plugin (`demo/start-demo.ts`) only. */
export interface DemoPanel {
  password: string
  accounts: { email: string; name: string; roles: Role[] }[]
}

/** Everything the request handlers need, built once per process. */
export interface Services {
  config: AppConfig
  /** The clock every rule reads (`RequestContext.now`); tests pass their own. */
  clock: () => Date
  /** Demo accounts for the login page; null unless demo mode started. */
  demoPanel: DemoPanel | null
  db: Db
  dbHandle: DbHandle
  queue: JobQueue
  mailer: Mailer
  /** Texts: a Twilio-compatible API, the local inbox at /dev/sms, or off (decision 0033). */
  sms: SmsProvider
  bus: Bus
  storage: Storage
  auth: Auth
  viewers: ViewerResolver
  /** Called after every transaction `withTx` commits in this process (caches drop what they hold). */
  commitListeners: Set<() => void>
  /** Whether an access token's session still exists (revocation); see auth/session-check.ts. */
  sessions: SessionCheck
}

export interface CreateServicesOptions {
  /** Use this database instead of opening one from config (tests pass a cloned template). */
  dbHandle?: DbHandle
  logger?: FastifyBaseLogger
  /** Skip migrations (the handle is already migrated). */
  skipMigrations?: boolean
  jobs?: ConstructorParameters<typeof JobQueue>[1]
  /** The clock; defaults to the system's. */
  clock?: () => Date
}

export async function createServices(config: AppConfig, options: CreateServicesOptions = {}) {
  const dbHandle =
    options.dbHandle ??
    (await timedPhase('openDatabase', () =>
      openDb({
        databaseUrl: config.databaseUrl,
        dataDir: pgliteDir(config.dataDir),
        durableCommits: config.embeddedDurableCommits,
      }),
    ))
  if (!options.skipMigrations) await timedPhase('migrations', () => migrateDb(dbHandle))
  const db = dbHandle.db
  const queue = new JobQueue(db, { pollMs: config.jobsPollMs, logger: options.logger, ...options.jobs })
  const mailer = createMailer({
    db,
    queue,
    smtpUrl: config.smtpUrl,
    localInbox: config.mailMode === 'local-inbox',
    from: config.mailFrom,
    ...(options.logger ? { logger: options.logger } : {}),
  })
  const sms = createSmsProvider(config)
  const bus =
    dbHandle.kind === 'postgres' ? await createPgBus(dbHandle.pool, options.logger) : createLocalBus()
  const storage = await createStorage(config)
  const sessions = createSessionCheck({ db, bus })
  await switchOffAuthStorageWhenIdle()
  const auth = createAuth(config, db, mailer, sms, {
    onSessionEnded: (userId) => {
      sessions.forgetUser(userId)
      publishUserChanged(userId, 'sessions')
    },
    onUserUpdated: (userId) => {
      viewers.forget(userId)
      publishUserChanged(userId, 'profile')
    },
  })
  const publishUserChanged = (userId: string, reason: UserChanged['reason']) => {
    bus.publish('USER_CHANGED', { userId, reason }).catch((error: unknown) => {
      options.logger?.error({ err: error }, 'could not publish USER_CHANGED')
    })
  }
  const viewers = createViewerResolver({ auth, db, issuer: config.appUrl, sessions })
  const services: Services = {
    config,
    clock: options.clock ?? (() => new Date()),
    demoPanel: null,
    db,
    dbHandle,
    queue,
    mailer,
    sms,
    bus,
    storage,
    auth,
    viewers,
    // Any commit may have changed a user row (roles, name): the users kept per request go.
    commitListeners: new Set([() => viewers.forget()]),
    sessions,
  }

  return {
    services,
    /** Start background work: the job worker, and delivery of mail left waiting. */
    async start() {
      // NOTE: only one process can open an embedded database, so anything "running" is ours from
      // before a crash; on PostgreSQL other processes may be alive, and leases decide instead.
      if (dbHandle.kind === 'pglite') await queue.releaseAllRunning()
      await mailer.requeueWaiting()
      queue.start()
    },
    async close() {
      await queue.stop()
      mailer.close()
      storage.close?.()
      sessions.close()
      await bus.close()
      if (!options.dbHandle) await dbHandle.close()
    },
  }
}
