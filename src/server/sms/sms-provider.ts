import { AppError } from '#core/errors.ts'
import type { AppConfig } from '#server/config/env.ts'

export interface SmsMessage {
  /** E.164. */
  to: string
  body: string
}

/** One small interface for every way a text leaves (decision 0033). */
export interface SmsProvider {
  readonly kind: AppConfig['smsMode']
  send(message: SmsMessage): Promise<void>
}

export interface StoredSms extends SmsMessage {
  id: number
  sentAt: Date
}

/** Outside production without SMS_URL: texts are kept here (newest first, at most 100) for /dev/sms. */
export interface LocalSmsInbox extends SmsProvider {
  readonly kind: 'local-inbox'
  list(): StoredSms[]
}

export function createLocalSmsInbox(clock: () => Date = () => new Date()): LocalSmsInbox {
  const messages: StoredSms[] = []
  let next = 1
  return {
    kind: 'local-inbox',
    async send(message) {
      messages.unshift({ ...message, id: next++, sentAt: clock() })
      messages.length = Math.min(messages.length, 100)
    },
    list: () => [...messages],
  }
}

/**
 * A Twilio-compatible REST API. SMS_URL names it whole:
 * `https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com/2010-04-01/Accounts/ACCOUNT_SID/Messages.json?From=%2B447...`
 * Each text is a POST of the form `To`, `From`, `Body` to that URL (without the credentials and
 * query) with HTTP Basic authentication.
 */
export function createTwilioProvider(smsUrl: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = new URL(smsUrl)
  const from = url.searchParams.get('From') ?? ''
  const authorization = `Basic ${Buffer.from(
    `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`,
  ).toString('base64')}`
  const endpoint = `${url.protocol}//${url.host}${url.pathname}`
  return {
    kind: 'twilio',
    async send({ to, body }) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: from, Body: body }).toString(),
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) {
        // NOTE: the provider's answer can name the account; it goes to the log, not to the member.
        const detail = (await response.text().catch(() => '')).slice(0, 500)
        throw new SmsSendError(response.status, detail)
      }
    },
  }
}

export class SmsSendError extends Error {
  override readonly name = 'SmsSendError'
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`The SMS provider answered ${status}: ${detail}`)
  }
}

/** Production without SMS_URL: every send refuses (the option is not offered either). */
export function createNoSms(): SmsProvider {
  return {
    kind: 'off',
    async send() {
      throw new AppError('FORBIDDEN', 'Signing in by text is not available on this site.')
    },
  }
}

export function createSmsProvider(config: Pick<AppConfig, 'smsMode' | 'smsUrl'>): SmsProvider {
  if (config.smsMode === 'twilio' && config.smsUrl) return createTwilioProvider(config.smsUrl)
  if (config.smsMode === 'local-inbox') return createLocalSmsInbox()
  return createNoSms()
}

export function isLocalSmsInbox(provider: SmsProvider): provider is LocalSmsInbox {
  return provider.kind === 'local-inbox'
}
