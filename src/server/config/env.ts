import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import webpush from 'web-push'
import { stripeChecks, stripeConfig, stripeEnv, type StripeConfig } from './stripe-env.ts'
import { parseTrustProxy } from './trust-proxy.ts'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)
const optionalString = z.preprocess(emptyToUndefined, z.string().optional())
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  APP_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  SUPPORT_EMAIL: z.string().email().default('support@stagedoor.test'),
  MAIL_FROM: z.string().default('Stagedoor <no-reply@stagedoor.test>'),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  // Texts (decision 0033): https://SID:TOKEN@host/2010-04-01/Accounts/SID/Messages.json?From=%2B447...
  SMS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((value) => {
        const u = new URL(value)
        return /^https?:$/.test(u.protocol) && Boolean(u.username && u.password && u.searchParams.get('From'))
      }, 'must be an https:// URL with the account SID and token as user:password and ?From=<sending number>')
      .optional(),
  ),
  /** The society's country (ISO 3166 alpha-2): phone numbers typed without +code are read as from it. */
  SOCIETY_COUNTRY: z
    .string()
    .default('GB')
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{2}$/.test(v), 'must be a two-letter country code such as GB'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Web Push (decision 0028): the VAPID key pair and contact; generated into DATA_DIR outside production.
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  ...stripeEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(52_428_800),
  UPLOAD_QUOTA_BYTES: z.coerce.number().int().positive().default(524_288_000),
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  DEMO_PUBLIC: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  MAIL_DISABLED: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  JOBS_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Profiles of members inactive this many years are flagged to superAdmins for deletion. */
  RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(6),
  /** Proof-of-work for the mailing-list widget: the browser tries up to this many PBKDF2 keys. */
  MAILING_POW_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(5000),
  /** Ticket holds and orders without sign-in, per client address and per email, each hour. */
  TICKET_ANON_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(5),
  TICKET_ANON_ORDERS_PER_EMAIL: z.coerce.number().int().min(1).max(10_000).default(3),
  /** List mail is queued in batches of this many, one batch per MAILING_SEND_INTERVAL_MS. */
  MAILING_SEND_BATCH: z.coerce.number().int().positive().default(50),
  NEED_TO_KNOW_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  MAILING_SEND_INTERVAL_MS: z.coerce.number().int().min(0).default(10_000),
  EMBEDDED_DURABLE_COMMITS: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT_ID: z.string().default('common'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_NAME: z.string().default('University sign-in'),
  SOCIETY_TIME_ZONE: z
    .string()
    .default('Europe/London')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-GB', { timeZone: zone })
        return true
      } catch {
        return false
      }
    }, 'must be an IANA time zone such as Europe/London'),
})

/**
 * Rules across variables. They read the raw values so they are reported even when another
 * variable fails its own check.
 */
function crossChecks(env: Record<string, string | undefined>): { path: string; message: string }[] {
  const set = (name: string) => Boolean(env[name] && env[name] !== '')
  const issues: { path: string; message: string }[] = []
  if (env.NODE_ENV === 'production' && !set('AUTH_SECRET')) {
    issues.push({ path: 'AUTH_SECRET', message: 'is required when NODE_ENV=production' })
  }
  if (env.NODE_ENV === 'production' && !set('SMTP_URL') && env.MAIL_DISABLED !== 'true') {
    issues.push({
      path: 'SMTP_URL',
      message:
        'is required when NODE_ENV=production, or nobody can confirm an account or sign in by link; set MAIL_DISABLED=true to run without sending mail on purpose',
    })
  }
  if (env.NODE_ENV === 'production' && !set('APP_URL')) {
    issues.push({ path: 'APP_URL', message: 'is required when NODE_ENV=production' })
  }
  for (const [prefix, needs] of [
    ['GOOGLE', ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET']],
    ['MICROSOFT', ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET']],
    ['OIDC', ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET']],
  ] as const) {
    const given = needs.filter(set)
    if (given.length > 0 && given.length < needs.length) {
      const missing = needs.filter((n) => !set(n))
      issues.push({ path: missing.join(', '), message: `is required to enable ${prefix} sign-in` })
    }
  }
  issues.push(...stripeChecks(env))
  if (set('S3_BUCKET') && (!set('S3_ACCESS_KEY_ID') || !set('S3_SECRET_ACCESS_KEY'))) {
    issues.push({ path: 'S3_BUCKET', message: 'needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY' })
  }
  return issues
}

export type RawEnv = z.input<typeof envSchema>

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test'
  isProduction: boolean
  /** Demo society, demo accounts on the login page: never in production. */
  demoMode: boolean
  /**
   * Show the demo panel (accounts and password) to requests from other machines too. Off by default:
   * anyone on the same network would otherwise be superAdmin.
   */
  demoPublic: boolean
  /**
   * How mail leaves: `smtp` (SMTP_URL), `local-inbox` (outside production without SMTP_URL: kept and
   * shown at /dev/mail), or `disabled` (production with MAIL_DISABLED=true: kept in the outbox only).
   */
  mailMode: 'smtp' | 'local-inbox' | 'disabled'
  port: number
  host: string
  appUrl: string
  /** Origins allowed to use the session cookie: APP_URL, plus the Vite dev server outside production. */
  trustedOrigins: string[]
  dataDir: string
  databaseUrl: string | undefined
  /**
   * Embedded database only: flush each commit to the disk before it is acknowledged, so a power
   * cut loses nothing confirmed (decision 0026). Ignored on PostgreSQL, which does so already.
   */
  embeddedDurableCommits: boolean
  authSecret: string
  /**
   * Where the secrets the data needs come from: the environment, or a file generated in DATA_DIR
   * outside production (SECRET_FILES). A backup carries the files and names the environment ones.
   */
  secretsFrom: { authSecret: 'environment' | 'data-dir'; vapidKeys: 'environment' | 'data-dir' | 'off' }
  supportEmail: string
  mailFrom: string
  smtpUrl: string | undefined
  /**
   * How texts leave: `twilio` (SMS_URL, a Twilio-compatible REST API), `local-inbox` (outside
   * production without SMS_URL: kept in memory and shown at /dev/sms), or `off` (production without
   * SMS_URL: phone sign-in is not offered and its endpoints refuse).
   */
  smsMode: 'twilio' | 'local-inbox' | 'off'
  smsUrl: string | undefined
  /** SOCIETY_COUNTRY: the default country of phone numbers typed without an international prefix. */
  societyCountry: string
  s3:
    | {
        bucket: string
        region: string
        endpoint: string | undefined
        accessKeyId: string
        secretAccessKey: string
        forcePathStyle: boolean
      }
    | undefined
  logLevel: string
  /** Card payments through Stripe Checkout (decision 0047); null without both keys (stripe-env.ts). */
  stripe: StripeConfig | null
  /** Web Push keys; null in production without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (push is off). */
  push: PushConfig | null
  bodyLimitBytes: number
  uploadLimitBytes: number
  /** Bytes one member may upload in 24 hours, all files together. */
  uploadQuotaBytes: number
  jobsPollMs: number
  /** RETENTION_YEARS: inactive profiles older than this are flagged for deletion (decision 0020). */
  retentionYears: number
  mailing: { powMaxCounter: number; sendBatch: number; sendIntervalMs: number }
  /** Holds and orders without sign-in allowed per client address and per email, each hour. */
  anonymousTickets: { perAddress: number; perEmail: number }
  /** Dates are stored in UTC and shown in this zone. */
  timeZone: string
  /** Days after an event ends that its emergency contacts stay visible (need-to-know). */
  needToKnowKeepDays: number
  /** Fastify trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[]
  /** Sign-in providers configured by env; unconfigured ones are not offered. */
  providers: {
    google?: { clientId: string; clientSecret: string }
    microsoft?: { clientId: string; clientSecret: string; tenantId: string }
    oidc?: { issuer: string; clientId: string; clientSecret: string; name: string }
  }
}

/** Where `npm run dev` serves the client (Vite), proxying /api to the server. */
export const DEV_CLIENT_ORIGIN = 'http://localhost:5173'

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

/**
 * Parse the environment once. Every bad or missing variable is listed in a single error so an
 * operator fixes them all in one go.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))),
    ...crossChecks(env),
  ]
  if (!parsed.success || issues.length > 0) {
    const lines = issues.map((issue) => `  - ${issue.path || '(env)'}: ${issue.message}`)
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  const isProduction = e.NODE_ENV === 'production'
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    demoMode: isProduction ? false : e.DEMO_MODE !== 'false',
    demoPublic: e.DEMO_PUBLIC === 'true',
    mailMode: e.SMTP_URL ? 'smtp' : isProduction ? 'disabled' : 'local-inbox',
    port: e.PORT,
    // Outside production only this machine can reach the server unless HOST says otherwise.
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustedOrigins: [
      (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      ...(isProduction ? [] : [DEV_CLIENT_ORIGIN]),
    ],
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedDurableCommits: e.EMBEDDED_DURABLE_COMMITS !== 'false',
    authSecret: e.AUTH_SECRET ?? localAuthSecret(dataDir),
    secretsFrom: {
      authSecret: e.AUTH_SECRET ? 'environment' : 'data-dir',
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? 'environment' : isProduction ? 'off' : 'data-dir',
    },
    supportEmail: e.SUPPORT_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL,
    smsMode: e.SMS_URL ? 'twilio' : isProduction ? 'off' : 'local-inbox',
    smsUrl: e.SMS_URL,
    societyCountry: e.SOCIETY_COUNTRY,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    stripe: stripeConfig(e),
    push: pushConfig(e, dataDir, isProduction),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    jobsPollMs: e.JOBS_POLL_MS,
    retentionYears: e.RETENTION_YEARS,
    mailing: {
      powMaxCounter: e.MAILING_POW_MAX_COUNTER,
      sendBatch: e.MAILING_SEND_BATCH,
      sendIntervalMs: e.MAILING_SEND_INTERVAL_MS,
    },
    anonymousTickets: {
      perAddress: e.TICKET_ANON_ORDERS_PER_ADDRESS,
      perEmail: e.TICKET_ANON_ORDERS_PER_EMAIL,
    },
    timeZone: e.SOCIETY_TIME_ZONE,
    needToKnowKeepDays: e.NEED_TO_KNOW_KEEP_DAYS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    providers: {
      ...(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } }
        : {}),
      ...(e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
        ? {
            microsoft: {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              tenantId: e.MICROSOFT_TENANT_ID,
            },
          }
        : {}),
      ...(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            oidc: {
              issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              name: e.OIDC_NAME,
            },
          }
        : {}),
    },
  }
}

export interface PushConfig {
  publicKey: string
  privateKey: string
  /** The contact push services may reach the sender at (mailto: or https:). */
  subject: string
}

/**
 * The secrets generated into DATA_DIR outside production when the environment does not give them.
 * Without the same AUTH_SECRET the data cannot be read (better-auth seals its signing keys with it),
 * so a backup carries these files (decision 0029).
 */
export const SECRET_FILES = { authSecret: 'auth-secret', vapidKeys: 'vapid-keys.json' } as const

/** VAPID keys from the environment; outside production generated once and kept in DATA_DIR. */
function pushConfig(
  e: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string; SUPPORT_EMAIL: string },
  dataDir: string,
  isProduction: boolean,
): PushConfig | null {
  const subject = e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject }
  }
  if (isProduction) return null
  const file = path.join(dataDir, SECRET_FILES.vapidKeys)
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
    return { ...kept, subject }
  }
  mkdirSync(dataDir, { recursive: true })
  const keys = webpush.generateVAPIDKeys()
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 })
  return { ...keys, subject }
}

/** Outside production a secret is generated on first start and kept beside the data. */
function localAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILES.authSecret)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}
