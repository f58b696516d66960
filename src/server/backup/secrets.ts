// The secrets a backup's data needs to be read (decision 0029). better-auth seals the keys that sign
// access tokens with AUTH_SECRET, and signed file links and mailing-list challenges use it too: a
// database restored beside another secret signs people in but issues no token (issue 26, finding 12).
// Push subscriptions were made for one VAPID key pair and work with that pair only.
import { createHmac } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SECRET_FILES, type AppConfig } from '#server/config/env.ts'
import type { ArchiveWriter } from './archive.ts'

export const SECRETS_PREFIX = 'secrets/'
export const SECRET_ENTRIES = {
  authSecret: `${SECRETS_PREFIX}${SECRET_FILES.authSecret}`,
  vapidKeys: `${SECRETS_PREFIX}${SECRET_FILES.vapidKeys}`,
} as const

/** What the manifest says of the secrets: in the archive, or in the environment (not carried). */
export interface SecretsManifest {
  authSecret: 'archive' | 'environment'
  /** A fingerprint of the secret (an HMAC of a fixed label): tells a restore it has the right one. */
  authSecretCheck: string
  vapidKeys: 'archive' | 'environment' | 'off'
  /** The public key push subscriptions were made for (public by nature); null when push was off. */
  vapidPublicKey: string | null
}

export type SecretsConfig = Pick<AppConfig, 'dataDir' | 'authSecret' | 'secretsFrom' | 'push'>

/** A fingerprint of AUTH_SECRET that cannot be turned back into it. */
export function secretCheck(secret: string): string {
  return createHmac('sha256', secret).update('stagedoor backup: which AUTH_SECRET').digest('hex').slice(0, 16)
}

/** Add the secret files kept in DATA_DIR to the archive; say in the manifest where the others are. */
export async function addSecrets(archive: ArchiveWriter, config: SecretsConfig): Promise<SecretsManifest> {
  const { authSecret, vapidKeys } = config.secretsFrom
  if (authSecret === 'data-dir') {
    await archive.add(
      SECRET_ENTRIES.authSecret,
      await readFile(path.join(config.dataDir, SECRET_FILES.authSecret)),
    )
  }
  if (vapidKeys === 'data-dir') {
    await archive.add(
      SECRET_ENTRIES.vapidKeys,
      await readFile(path.join(config.dataDir, SECRET_FILES.vapidKeys)),
    )
  }
  return {
    authSecret: authSecret === 'data-dir' ? 'archive' : 'environment',
    authSecretCheck: secretCheck(config.authSecret),
    vapidKeys: vapidKeys === 'data-dir' ? 'archive' : vapidKeys,
    vapidPublicKey: config.push?.publicKey ?? null,
  }
}

/** The entries a manifest promises (restore checks the archive holds them). */
export function promisedSecretEntries(secrets: SecretsManifest): string[] {
  return [
    ...(secrets.authSecret === 'archive' ? [SECRET_ENTRIES.authSecret] : []),
    ...(secrets.vapidKeys === 'archive' ? [SECRET_ENTRIES.vapidKeys] : []),
  ]
}

export class SecretsRefused extends Error {}

/**
 * Before anything is written: refuse a restore whose data could not be read here, naming what is
 * missing. Returns what to tell the operator about push notifications (a warning, not a refusal:
 * members turn notifications on again and nothing is lost).
 */
export function checkSecrets(
  secrets: SecretsManifest,
  archiveAuthSecret: string | null,
  target: SecretsConfig,
): string[] {
  const here = target.secretsFrom.authSecret
  if (secrets.authSecret === 'environment') {
    if (here !== 'environment') {
      throw new SecretsRefused(
        'This backup was made with AUTH_SECRET set in the environment, and the archive does not hold it. Set the same AUTH_SECRET and run the restore again.',
      )
    }
    if (secretCheck(target.authSecret) !== secrets.authSecretCheck) {
      throw new SecretsRefused(
        'AUTH_SECRET here is not the one this backup was made with: set the AUTH_SECRET of the server that made it, and run the restore again.',
      )
    }
  } else {
    if (!archiveAuthSecret || secretCheck(archiveAuthSecret) !== secrets.authSecretCheck) {
      throw new SecretsRefused(`The archive's ${SECRET_ENTRIES.authSecret} is missing or damaged.`)
    }
    if (here === 'environment' && secretCheck(target.authSecret) !== secrets.authSecretCheck) {
      throw new SecretsRefused(
        `AUTH_SECRET is set here to another secret than the one this backup's data needs (the archive's ${SECRET_ENTRIES.authSecret}): unset AUTH_SECRET so the restored ${SECRET_FILES.authSecret} is used, or set AUTH_SECRET to its contents.`,
      )
    }
  }
  const warnings: string[] = []
  const samePush = secrets.vapidPublicKey === (target.push?.publicKey ?? null)
  if (secrets.vapidKeys === 'environment' && !samePush) {
    warnings.push(
      'Push notifications: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY as on the server that made this backup, or members must turn notifications on again.',
    )
  }
  if (secrets.vapidKeys === 'archive' && target.secretsFrom.vapidKeys === 'environment' && !samePush) {
    warnings.push(
      `Push notifications: the VAPID keys set here are not the archive's (${SECRET_ENTRIES.vapidKeys}); members must turn notifications on again.`,
    )
  }
  return warnings
}

/**
 * Write the archive's secret files into DATA_DIR (owner-only, flushed). A different file already
 * there is the secret of the data being replaced: kept aside when that data held anything.
 */
export async function writeSecretFile(
  dataDir: string,
  name: string,
  data: Buffer,
  keepOld: boolean,
  log: (line: string) => void,
): Promise<void> {
  const file = path.join(dataDir, name)
  if (existsSync(file)) {
    const old = await readFile(file)
    if (old.equals(data)) return
    if (keepOld) {
      const aside = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
      await rename(file, aside)
      log(`The ${name} that was there is kept in ${aside}.`)
    }
  }
  await writeFile(file, data, { mode: 0o600, flush: true })
}
