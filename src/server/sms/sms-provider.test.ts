import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { eq, notLike } from 'drizzle-orm'
import { rateLimits, users } from '#server/db/schema/index.ts'
import { cookieHeader, createUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { isLocalSmsInbox } from './sms-provider.ts'

interface Received {
  method: string
  url: string
  authorization: string
  contentType: string
  form: URLSearchParams
}

/** A Twilio-shaped API: records each request and answers 201 like Twilio's Messages resource. */
let twilio: Server
let received: Received[] = []
let twilioStatus = 201

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

beforeAll(async () => {
  twilio = createServer(async (req, res) => {
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization ?? '',
      contentType: req.headers['content-type'] ?? '',
      form: new URLSearchParams(await readBody(req)),
    })
    res.writeHead(twilioStatus, { 'content-type': 'application/json' }).end('{"sid":"SM1"}')
  })
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  await new Promise((resolve) => twilio.close(resolve))
})

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
  received = []
  twilioStatus = 201
})

let ipCounter = 0
function post(url: string, payload: object, headers: Record<string, string> = {}, ip?: string) {
  ipCounter++
  return t!.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip ?? `10.8.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    headers: { 'content-type': 'application/json', origin: t!.config.appUrl, ...headers },
    payload,
  })
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''

function lastLocalCode(to: string): string {
  const sms = t!.app.services.sms
  if (!isLocalSmsInbox(sms)) throw new Error('not the local inbox')
  return codeIn(sms.list().find((m) => m.to === to)?.body ?? '')
}

describe('texts through a Twilio-compatible API (SMS_URL)', () => {
  it('posts To, From and Body with Basic authentication to the URL without its credentials', async () => {
    const port = (twilio.address() as AddressInfo).port
    const smsUrl = `http://AC123:s3cr%3At@127.0.0.1:${port}/2010-04-01/Accounts/AC123/Messages.json?From=%2B447911000000`
    t = await createTestApp({ SMS_URL: smsUrl }, { startJobs: false })
    expect(t.config.smsMode).toBe('twilio')

    const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: '07911 123456' })
    expect(sent.statusCode).toBe(200)
    expect(received).toHaveLength(1)
    const [request] = received
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json')
    expect(request!.authorization).toBe(`Basic ${Buffer.from('AC123:s3cr:t').toString('base64')}`)
    expect(request!.contentType).toBe('application/x-www-form-urlencoded')
    expect(request!.form.get('To')).toBe('+447911123456')
    expect(request!.form.get('From')).toBe('+447911000000')
    const code = codeIn(request!.form.get('Body') ?? '')
    expect(code).toMatch(/^\d{6}$/)

    // The code signs a new member up, with the number in E.164 and no name yet.
    const verified = await post('/api/auth/phone-number/verify', { phoneNumber: '+44 7911 123456', code })
    expect(verified.statusCode).toBe(200)
    expect(cookieHeader(verified.headers['set-cookie'])).toContain('session_token=')
    const row = await t.app.services.db.query.users.findFirst({
      where: eq(users.phoneNumber, '+447911123456'),
    })
    expect(row).toMatchObject({ phoneNumberVerified: true, name: '', email: '447911123456@phone.invalid' })

    // Single use: the same code again is refused.
    const again = await post('/api/auth/phone-number/verify', { phoneNumber: '+447911123456', code })
    expect(again.statusCode).toBe(400)
  })

  it('says the text did not go when the provider refuses it', async () => {
    const port = (twilio.address() as AddressInfo).port
    twilioStatus = 401
    t = await createTestApp(
      {
        SMS_URL: `http://AC1:bad@127.0.0.1:${port}/2010-04-01/Accounts/AC1/Messages.json?From=%2B447911000000`,
      },
      { startJobs: false },
    )
    const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: '07911 123457' })
    expect(sent.statusCode).toBe(503)
    expect(sent.json().code).toBe('SMS_FAILED')
    expect(received).toHaveLength(1)
  })
})

describe('phone sign-in rules', () => {
  it('refuses a number that is not one, and a code voids after three wrong tries', async () => {
    t = await createTestApp({}, { startJobs: false })
    const bad = await post('/api/auth/phone-number/send-otp', { phoneNumber: '12345' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID_PHONE_NUMBER')

    expect((await post('/api/auth/phone-number/send-otp', { phoneNumber: '07911 223344' })).statusCode).toBe(
      200,
    )
    const code = lastLocalCode('+447911223344')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/auth/phone-number/verify', { phoneNumber: '07911223344', code: wrong })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('INVALID_OTP')
    }
    const right = await post('/api/auth/phone-number/verify', { phoneNumber: '07911223344', code })
    expect(right.statusCode).toBeGreaterThanOrEqual(400)
    expect(cookieHeader(right.headers['set-cookie'])).not.toContain('session_token=')
  })

  it('sends at most 3 codes per number and 20 per client address an hour', async () => {
    t = await createTestApp({}, { startJobs: false })
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/api/auth/phone-number/send-otp', { phoneNumber: '07400 300000' })).statusCode,
      ).toBe(200)
    }
    const fourth = await post('/api/auth/phone-number/send-otp', { phoneNumber: '+447400300000' })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().code).toBe('RATE_LIMITED')

    const ip = '10.7.0.1'
    const statuses: number[] = []
    for (let i = 0; i < 21; i++) {
      const n = `07400 4${String(i).padStart(5, '0')}`
      // better-auth's own limit (10 a minute per address) is cleared: the hour's limit is ours.
      await t.app.services.db.delete(rateLimits).where(notLike(rateLimits.key, 'phone:%'))
      const res = await post('/api/auth/phone-number/send-otp', { phoneNumber: n }, {}, ip)
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    expect(statuses[20]).toBe(429)
  })

  it('links a number to a signed-in member (PHONE_IN_USE when another has it) and removes it', async () => {
    t = await createTestApp({}, { startJobs: false })
    const member = await createUser(t.app)
    const other = await createUser(t.app)
    await t.app.services.db
      .update(users)
      .set({ phoneNumber: '+447400555000', phoneNumberVerified: true })
      .where(eq(users.id, other.id))

    const taken = await post(
      '/api/auth/phone-number/send-otp',
      { phoneNumber: '07400 555000', link: true },
      { cookie: member.cookie },
    )
    expect(taken.statusCode).toBe(409)
    expect(taken.json().code).toBe('PHONE_IN_USE')

    expect(
      (
        await post(
          '/api/auth/phone-number/send-otp',
          { phoneNumber: '07400 555001', link: true },
          { cookie: member.cookie },
        )
      ).statusCode,
    ).toBe(200)
    const code = lastLocalCode('+447400555001')
    const linked = await post(
      '/api/auth/phone-number/verify',
      { phoneNumber: '07400 555001', code, updatePhoneNumber: true },
      { cookie: member.cookie },
    )
    expect(linked.statusCode).toBe(200)
    let row = await t.app.services.db.query.users.findFirst({ where: eq(users.id, member.id) })
    expect(row).toMatchObject({ phoneNumber: '+447400555001', phoneNumberVerified: true })

    // Signs in with it, as the same member.
    await post('/api/auth/phone-number/send-otp', { phoneNumber: '+447400555001' })
    const signIn = await post('/api/auth/phone-number/verify', {
      phoneNumber: '+447400555001',
      code: lastLocalCode('+447400555001'),
    })
    expect(signIn.statusCode).toBe(200)
    expect(signIn.json().user.id).toBe(member.id)

    const removed = await post('/api/auth/update-user', { phoneNumber: null }, { cookie: member.cookie })
    expect(removed.statusCode).toBe(200)
    row = await t.app.services.db.query.users.findFirst({ where: eq(users.id, member.id) })
    expect(row).toMatchObject({ phoneNumber: null, phoneNumberVerified: false })
  })

  it('serves the local inbox at /dev/sms to this machine only, and the login page knows', async () => {
    t = await createTestApp({}, { startJobs: false })
    await post('/api/auth/phone-number/send-otp', { phoneNumber: '07400 666777' })
    const page = await t.app.inject({ url: '/dev/sms', remoteAddress: '127.0.0.1' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('To +44 7400 666777')
    const json = await t.app.inject({ url: '/dev/sms.json', remoteAddress: '127.0.0.1' })
    expect(json.json().messages[0]).toMatchObject({ to: '+447400666777' })
    expect((await t.app.inject({ url: '/dev/sms.json', remoteAddress: '192.0.2.7' })).statusCode).toBe(403)
    const config = (await t.app.inject({ url: '/api/auth-config' })).json()
    expect(config).toMatchObject({ phoneSignIn: true, devSmsInbox: '/dev/sms', societyCountry: 'GB' })
  })

  it('is off in production without SMS_URL: not offered, endpoints refuse', async () => {
    t = await createTestApp(
      { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), MAIL_DISABLED: 'true' },
      { startJobs: false },
    )
    expect((await t.app.inject({ url: '/api/auth-config' })).json().phoneSignIn).toBe(false)
    const sent = await post('/api/auth/phone-number/send-otp', { phoneNumber: '07911 123456' })
    expect(sent.statusCode).toBe(403)
    expect(sent.json().code).toBe('SMS_UNAVAILABLE')
  })
})
