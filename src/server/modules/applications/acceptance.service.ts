import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import type { Bus } from '#server/realtime/bus.ts'

export interface AcceptanceServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
}

/** Applications, admin acceptance: offers, waitlist, rejections, expiry, email templates, payments. */
export function createAcceptanceService(deps: AcceptanceServiceDeps) {
  void deps
  return {}
}
export type AcceptanceService = ReturnType<typeof createAcceptanceService>
