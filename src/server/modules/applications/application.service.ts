import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import type { Bus } from '#server/realtime/bus.ts'

export interface ApplicationsServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
}

/** Applications, member side: drafts, submit, edit, withdraw, accept, decline, diversity survey. */
export function createApplicationsService(deps: ApplicationsServiceDeps) {
  void deps
  return {}
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>
