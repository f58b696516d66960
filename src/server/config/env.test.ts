import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stagedoor-env-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('loadConfig', () => {
  it('has working defaults for a fresh machine: embedded database, port 3000, demo mode', () => {
    const dir = tempDir()
    const config = loadConfig({ DATA_DIR: dir })
    expect(config).toMatchObject({
      port: 3000,
      nodeEnv: 'development',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      demoMode: true,
      demoPublic: false,
      host: '127.0.0.1',
      mailMode: 'local-inbox',
      smtpUrl: undefined,
      s3: undefined,
      dataDir: path.resolve(dir),
      embeddedDurableCommits: true,
    })
    expect(loadConfig({ DATA_DIR: dir, EMBEDDED_DURABLE_COMMITS: 'false' }).embeddedDurableCommits).toBe(
      false,
    )
    expect(() => loadConfig({ DATA_DIR: dir, EMBEDDED_DURABLE_COMMITS: 'yes' })).toThrow(ConfigError)
  })

  it('generates the VAPID keys once outside production and keeps them in DATA_DIR', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).push
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/)
    expect(loadConfig({ DATA_DIR: dir }).push).toEqual(first)
    expect(first?.subject).toBe('mailto:support@stagedoor.test')
    const given = loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).push
    expect(given).toMatchObject({ publicKey: 'pub', privateKey: 'priv' })
  })

  it('generates AUTH_SECRET once outside production and keeps it in DATA_DIR', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).authSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first)
  })

  it('lists every bad or missing variable in one error', () => {
    let error: unknown
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        SMTP_URL: 'http://mail',
        SUPPORT_EMAIL: 'not-an-email',
        S3_BUCKET: 'media',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'SUPPORT_EMAIL',
      'AUTH_SECRET',
      'APP_URL',
      'S3_BUCKET',
    ]) {
      expect(message).toContain(name)
    }
  })

  it('requires AUTH_SECRET in production and never enables demo mode there', () => {
    const dir = tempDir()
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, APP_URL: 'https://x.example' })).toThrow(
      /AUTH_SECRET/,
    )
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      APP_URL: 'https://stagedoor.example/',
      AUTH_SECRET: 's'.repeat(40),
      DEMO_MODE: 'true',
      MAIL_DISABLED: 'true',
    })
    expect(config.demoMode).toBe(false)
    expect(config.appUrl).toBe('https://stagedoor.example')
    expect(existsSync(path.join(dir, 'auth-secret'))).toBe(false)
    // No VAPID keys given: push is off rather than keyed by a file nobody configured.
    expect(config.push).toBeNull()
    expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false)
  })

  it('reads SMS_URL and SOCIETY_COUNTRY (texts off in production without SMS_URL)', () => {
    const url = 'https://AC1:tok@api.twilio.com/2010-04-01/Accounts/AC1/Messages.json?From=%2B447911000000'
    expect(loadConfig({ DATA_DIR: tempDir(), SMS_URL: url })).toMatchObject({
      smsMode: 'twilio',
      smsUrl: url,
      societyCountry: 'GB',
    })
    expect(loadConfig({ DATA_DIR: tempDir(), SOCIETY_COUNTRY: 'ie' }).smsMode).toBe('local-inbox')
    expect(loadConfig({ DATA_DIR: tempDir(), SOCIETY_COUNTRY: 'ie' }).societyCountry).toBe('IE')
    expect(() => loadConfig({ DATA_DIR: tempDir(), SMS_URL: 'https://api.twilio.com/x' })).toThrow(/SMS_URL/)
    expect(() => loadConfig({ DATA_DIR: tempDir(), SOCIETY_COUNTRY: 'GBR' })).toThrow(/SOCIETY_COUNTRY/)
  })

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: '', SMTP_URL: '', S3_BUCKET: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.smtpUrl).toBeUndefined()
    expect(config.s3).toBeUndefined()
  })

  it('turns card payments on with both Stripe keys, refuses one alone, and keeps STRIPE_API_BASE out of production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).stripe).toBeNull()
    const config = loadConfig({
      DATA_DIR: tempDir(),
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    })
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    })
    expect(() => loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required to take card payments/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/)
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: tempDir(),
        AUTH_SECRET: 'x'.repeat(32),
        APP_URL: 'https://example.org',
        MAIL_DISABLED: 'true',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toThrow(/STRIPE_API_BASE: is for tests and stripe-mock only/)
  })

  it('selects S3 storage when S3_* is complete', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    })
    expect(config.s3).toMatchObject({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
    })
  })

  it('refuses production without SMTP_URL unless MAIL_DISABLED=true, in one line that says how', () => {
    const base = {
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      APP_URL: 'https://stagedoor.example',
      AUTH_SECRET: 's'.repeat(40),
    }
    let message = ''
    try {
      loadConfig(base)
    } catch (e) {
      message = (e as Error).message
    }
    const problems = message.split('\n').filter((line) => line.startsWith('  - '))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/SMTP_URL: is required when NODE_ENV=production.*MAIL_DISABLED=true/)
    const disabled = loadConfig({ ...base, MAIL_DISABLED: 'true' })
    expect(disabled.mailMode).toBe('disabled')
    expect(disabled.host).toBe('0.0.0.0')
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail:25' }).mailMode).toBe('smtp')
  })

  it('listens on this machine only outside production unless HOST is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).host).toBe('127.0.0.1')
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_PUBLIC: 'true' }).demoPublic).toBe(true)
  })
})
