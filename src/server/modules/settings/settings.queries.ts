import { eq } from 'drizzle-orm'
import {
  defaultSocietySettings,
  readSocietySettings,
  type SocietySettings,
} from '#core/society/society-settings.schemas.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { societySettings } from '#server/db/schema/index.ts'
import type { AppConfig } from '#server/config/env.ts'

/**
 * How long a process trusts the settings it read. A change made in this process is seen at once
 * (`forgetSocietySettings`); one made by another process (PostgreSQL with several app processes)
 * within this time.
 */
const KEEP_MS = 10_000

interface Kept {
  settings: Promise<SocietySettings>
  at: number
  /** Whether the read has answered: a transaction never waits for another reader's read. */
  settled: boolean
}
const kept = new WeakMap<Db, Kept>()

/** What reading the settings needs of the services (not the services module: auth reads them too). */
interface SettingsServices {
  config: AppConfig
  db: Db
}

/** The defaults of an install that has saved no settings: what its environment said before. */
export function settingsDefaults(services: Pick<SettingsServices, 'config'>): SocietySettings {
  const { mailFrom, supportEmail, timeZone } = services.config
  return defaultSocietySettings({ mailFrom, supportEmail, timeZone })
}

/** The stored row's settings read with today's schema, or the defaults when none is stored. */
export async function readStoredSettings(
  db: Db | Tx,
  services: Pick<SettingsServices, 'config'>,
): Promise<{ settings: SocietySettings; saved: boolean }> {
  const [row] = await db.select().from(societySettings).where(eq(societySettings.id, 1))
  const defaults = settingsDefaults(services)
  return { settings: row ? readSocietySettings(row.settings, defaults) : defaults, saved: Boolean(row) }
}

/**
 * The society's settings (one read every few seconds per process at most). Inside a transaction pass
 * it as `reader`: the embedded database has one connection, which the open transaction holds, so a
 * read through `services.db` there would wait for the transaction that waits for it.
 */
export function societySettingsOf(
  services: SettingsServices,
  reader: Db | Tx = services.db,
): Promise<SocietySettings> {
  const now = Date.now()
  const entry = kept.get(services.db)
  // NOTE: a transaction does not wait for a read still running through `services.db`: on PostgreSQL
  // that read needs a free pool connection, and in a rush every connection was held by a transaction
  // waiting for it (issue 32's bench: ten holds stuck for good). It reads through its own `reader`.
  const fresh = entry && now - entry.at < KEEP_MS
  if (fresh && (entry.settled || reader === services.db)) return entry.settings
  const settings = readStoredSettings(reader, services).then((r) => r.settings)
  if (fresh) return settings
  const mine: Kept = { settings, at: now, settled: false }
  kept.set(services.db, mine)
  void settings.then(
    () => {
      mine.settled = true
    },
    // A failed read is not kept: the next caller tries again.
    () => kept.delete(services.db),
  )
  return settings
}

/** Drop what this process keeps, after it saved new settings. */
export function forgetSocietySettings(services: Pick<SettingsServices, 'db'>): void {
  kept.delete(services.db)
}
