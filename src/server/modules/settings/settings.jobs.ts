import type { Services } from '#server/services.ts'
import { societySettingsOf } from './settings.queries.ts'

/** Mail goes out under the society's name (MAIL_FROM keeps the address): read when each message is sent. */
export function registerSettingsJobs(services: Services): void {
  services.mailer.nameSender(async () => (await societySettingsOf(services)).name)
}
