import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import type { Bus } from '#server/realtime/bus.ts'

export interface CastingServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
}

/** Applications, admin casting: filtered lists, detail, reviews, part assignment. */
export function createCastingService(deps: CastingServiceDeps) {
  void deps
  return {}
}
export type CastingService = ReturnType<typeof createCastingService>
