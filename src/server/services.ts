import type { FastifyBaseLogger } from 'fastify'
import { createAuth, type Auth } from '#server/auth/auth.ts'
import { createViewerResolver, type ViewerResolver } from '#server/auth/viewer.ts'
import type { AppConfig } from '#server/config/env.ts'
import {
  LOCKS,
  migrateDb,
  openDb,
  pgliteDir,
  withStartupLock,
  type Db,
  type DbHandle,
} from '#server/db/client.ts'
import { JobQueue } from '#server/jobs/queue.ts'
import { createMailer, type Mailer } from '#server/mail/outbox.service.ts'
import { createLocalBus, createPgBus, type Bus } from '#server/realtime/bus.ts'
import { createStorage } from '#server/storage/create-storage.ts'
import { DEMO_PASSWORD, seedDemo } from '#server/db/seed/demo.ts'
import type { Storage } from '#server/storage/storage.ts'
import { createEventsService, type EventsService } from '#server/modules/events/events.service.ts'
import {
  createApplicationsService,
  type ApplicationsService,
} from '#server/modules/applications/application.service.ts'
import { createCastingService, type CastingService } from '#server/modules/applications/casting.service.ts'
import {
  createAcceptanceService,
  type AcceptanceService,
} from '#server/modules/applications/acceptance.service.ts'
import {
  createParticipantsService,
  type ParticipantsService,
} from '#server/modules/participants/participants.service.ts'
import {
  createLearningTracksService,
  type LearningTracksService,
} from '#server/modules/participants/learning-tracks.service.ts'

/** Everything the request handlers need, built once per process. */
export interface Services {
  config: AppConfig
  db: Db
  dbHandle: DbHandle
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  storage: Storage
  auth: Auth
  viewers: ViewerResolver
  events: EventsService
  applications: ApplicationsService
  casting: CastingService
  acceptance: AcceptanceService
  learningTracks: LearningTracksService
  participants: ParticipantsService
}

export interface CreateServicesOptions {
  /** Use this database instead of opening one from config (tests pass a cloned template). */
  dbHandle?: DbHandle
  logger?: FastifyBaseLogger
  /** Skip migrations (the handle is already migrated). */
  skipMigrations?: boolean
  jobs?: ConstructorParameters<typeof JobQueue>[1]
}

export async function createServices(config: AppConfig, options: CreateServicesOptions = {}) {
  const dbHandle =
    options.dbHandle ??
    (await openDb({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) }))
  if (!options.skipMigrations) await migrateDb(dbHandle)
  const db = dbHandle.db
  const queue = new JobQueue(db, { pollMs: config.jobsPollMs, logger: options.logger, ...options.jobs })
  const mailer = createMailer({
    db,
    queue,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    ...(options.logger ? { logger: options.logger } : {}),
  })
  const bus =
    dbHandle.kind === 'postgres' ? await createPgBus(dbHandle.pool, options.logger) : createLocalBus()
  const storage = createStorage(config)
  const auth = createAuth(config, db, mailer)
  const viewers = createViewerResolver({ auth, db, issuer: config.appUrl })
  const events = createEventsService({ db, queue, bus })
  const appDeps = { db, queue, mailer, bus, config }
  const services: Services = {
    config,
    db,
    dbHandle,
    queue,
    mailer,
    bus,
    storage,
    auth,
    viewers,
    events,
    applications: createApplicationsService(appDeps),
    casting: createCastingService(appDeps),
    acceptance: createAcceptanceService(appDeps),
    participants: createParticipantsService({ db, storage, events, authSecret: config.authSecret }),
    learningTracks: createLearningTracksService({ db, storage, authSecret: config.authSecret }),
  }

  return {
    services,
    /** Start background work: the job worker, and delivery of mail left waiting. */
    async start() {
      // NOTE: only one process can open an embedded database, so anything "running" is ours from
      // before a crash; on PostgreSQL other processes may be alive, and leases decide instead.
      if (dbHandle.kind === 'pglite') await queue.releaseAllRunning()
      if (config.demoMode) {
        const { created } = await withStartupLock(dbHandle, LOCKS.seed, () => seedDemo(services))
        if (created.length) {
          options.logger?.info(
            { accounts: created, password: DEMO_PASSWORD },
            `Demo society created. Sign in as any of ${created.join(', ')} with the password "${DEMO_PASSWORD}".`,
          )
        }
      }
      await mailer.requeueWaiting()
      queue.start()
    },
    async close() {
      await queue.stop()
      mailer.close()
      storage.close?.()
      await bus.close()
      if (!options.dbHandle) await dbHandle.close()
    },
  }
}
