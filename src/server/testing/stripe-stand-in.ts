import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A Stripe-shaped HTTP server for tests (we cannot reach Stripe): the official SDK is pointed at it
 * with STRIPE_API_BASE. It serves the calls the app makes (Checkout Sessions, Refunds, a
 * PaymentIntent's charge and fee) and a stand-in for the hosted Checkout page: "Pay" marks the
 * session paid, posts a signed `checkout.session.completed` to the app's webhook and redirects to
 * the session's success_url, as Stripe does. Webhooks are signed with
 * `stripe.webhooks.generateTestHeaderString`, so the app verifies them exactly as in production.
 */

export const TEST_STRIPE_SECRET_KEY = 'sk_test_standin'
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_standin'

interface Session {
  id: string
  object: 'checkout.session'
  mode: 'payment'
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  amount_total: number
  currency: string
  url: string | null
  success_url: string
  cancel_url: string
  expires_at: number
  created: number
  client_reference_id: string | null
  customer_email: string | null
  metadata: Record<string, string>
  payment_intent: string | null
}

interface Refund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  status: 'succeeded'
  payment_intent: string
  charge: string
  metadata: Record<string, string>
  created: number
}

export interface StripeStandIn {
  /** Give this as STRIPE_API_BASE. */
  url: string
  /** The app's settings for card payments through this stand-in (keys, webhook secret, API base). */
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_BASE: string }
  /** Where "Pay" on the hosted page stand-in posts its webhook (the app's address once it listens). */
  webhookUrl: string | null
  sessions: Map<string, Session>
  refunds: Refund[]
  /** The webhooks the hosted page stand-in delivered, in order (a test replays one). */
  delivered: { payload: string; signature: string }[]
  /** Each request the app made, method and path: tests assert what was called. */
  calls: { method: string; path: string; body: Record<string, string> }[]
  /** Pay a session as the hosted page would, without the webhook: returns the event to deliver. */
  pay(sessionId: string): { payload: string; signature: string }
  /** A signed webhook event of any type about any object. */
  event(type: string, object: unknown): { payload: string; signature: string }
  /** A refund made outside the app (Stripe's dashboard): the `charge.refunded` event to deliver. */
  refundOutside(paymentIntent: string, amount: number): { payload: string; signature: string }
  close(): Promise<void>
}

const stripe = new Stripe(TEST_STRIPE_SECRET_KEY)
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** Stripe's form encoding (`a[b][0][c]=1`) read into flat keys; enough for what the app sends. */
function readForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text))
}

function metadataOf(form: Record<string, string>, prefix = 'metadata'): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(form)) {
    const m = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`).exec(key)
    if (m) out[m[1]!] = value
  }
  return out
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

export async function startStripeStandIn(
  options: { webhookUrl?: string; secret?: string } = {},
): Promise<StripeStandIn> {
  const secret = options.secret ?? TEST_STRIPE_WEBHOOK_SECRET
  const sessions = new Map<string, Session>()
  const refunds: Refund[] = []
  const calls: StripeStandIn['calls'] = []
  const answered = new Map<string, unknown>()
  const charges = new Map<string, { id: string; amount: number; fee: number }>()

  const signed = (type: string, object: unknown) => {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    })
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret }) }
  }

  const pay = (sessionId: string) => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`no session ${sessionId}`)
    if (session.status === 'open') {
      const intent = id('pi')
      // A UK card's fee: 1.5% + 20p (what the payouts CSV reads from the balance transaction).
      charges.set(intent, {
        id: id('ch'),
        amount: session.amount_total,
        fee: Math.round(session.amount_total * 0.015) + 20,
      })
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: intent,
        url: null,
      })
    }
    return signed('checkout.session.completed', session)
  }

  const chargeObject = (intent: string) => {
    const charge = charges.get(intent)!
    const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((s, r) => s + r.amount, 0)
    return {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_refunded: refunded,
      refunded: refunded >= charge.amount,
      currency: 'gbp',
      payment_intent: intent,
      balance_transaction: {
        id: id('txn'),
        object: 'balance_transaction',
        fee: charge.fee,
        net: charge.amount - charge.fee,
      },
    }
  }

  const makeRefund = (intent: string, amount: number, metadata: Record<string, string>): Refund => {
    const charge = charges.get(intent)!
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'gbp',
      status: 'succeeded',
      payment_intent: intent,
      charge: charge.id,
      metadata,
      created: Math.floor(Date.now() / 1000),
    }
    refunds.push(refund)
    return refund
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const notFound = (res: ServerResponse, what: string) =>
    json(res, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    })

  const handle = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const form = req.method === 'POST' ? readForm(body) : Object.fromEntries(url.searchParams)
    const path = url.pathname
    if (!path.startsWith('/pay/')) calls.push({ method: req.method ?? 'GET', path, body: form })
    const key = req.headers['idempotency-key']
    if (typeof key === 'string' && answered.has(key)) return json(res, 200, answered.get(key))
    const remember = (value: unknown) => {
      if (typeof key === 'string') answered.set(key, value)
      return json(res, 200, value)
    }
    let m: RegExpExecArray | null
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      let total = 0
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
        total +=
          Number(form[`line_items[${i}][price_data][unit_amount]`]) *
          Number(form[`line_items[${i}][quantity]`])
      }
      const sessionId = id('cs')
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: total,
        currency: form.currency ?? 'gbp',
        url: `${standIn.url}/pay/${sessionId}`,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
        created: Math.floor(Date.now() / 1000),
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: metadataOf(form),
        payment_intent: null,
      }
      sessions.set(sessionId, session)
      return remember(session)
    }
    if ((m = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path)) && req.method === 'GET') {
      const session = sessions.get(m[1]!)
      return session ? json(res, 200, session) : notFound(res, 'checkout.session')
    }
    if ((m = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path)) && req.method === 'POST') {
      const session = sessions.get(m[1]!)
      if (!session) return notFound(res, 'checkout.session')
      if (session.status !== 'open') {
        return json(res, 400, {
          error: { type: 'invalid_request_error', message: `Session is ${session.status}` },
        })
      }
      Object.assign(session, { status: 'expired', url: null })
      return json(res, 200, session)
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const intent = form.payment_intent ?? ''
      if (!charges.has(intent)) return notFound(res, 'payment_intent')
      return remember(makeRefund(intent, Number(form.amount), metadataOf(form)))
    }
    if (req.method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((r) => !form.payment_intent || r.payment_intent === form.payment_intent)
      return json(res, 200, { object: 'list', url: '/v1/refunds', has_more: false, data })
    }
    if ((m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path)) && req.method === 'GET') {
      if (!charges.has(m[1]!)) return notFound(res, 'payment_intent')
      return json(res, 200, {
        id: m[1],
        object: 'payment_intent',
        status: 'succeeded',
        latest_charge: chargeObject(m[1]!),
      })
    }
    if (path === '/favicon.ico') {
      res.writeHead(204)
      return res.end()
    }
    // The hosted Checkout page stand-in.
    if ((m = /^\/pay\/([\w]+)$/.exec(path))) {
      const session = sessions.get(m[1]!)
      if (!session) return notFound(res, 'checkout.session')
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        const pounds = `£${(session.amount_total / 100).toFixed(2)}`
        return res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">
<title>Pay ${pounds} · Stripe Checkout (test stand-in)</title></head><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Pay ${escapeHtml(pounds)}</h1><p>Test stand-in for Stripe's hosted Checkout page.</p>
<form method="post"><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Pay</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p></body></html>`)
      }
      const event = pay(session.id)
      if (standIn.webhookUrl) {
        standIn.delivered.push(event)
        await fetch(standIn.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          body: event.payload,
        })
      }
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) })
      return res.end()
    }
    return notFound(res, `route ${req.method} ${path}`)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        json(res, 500, { error: { type: 'api_error', message: String(error) } })
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  const standIn: StripeStandIn = {
    url,
    env: {
      STRIPE_SECRET_KEY: TEST_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: url,
    },
    webhookUrl: options.webhookUrl ?? null,
    sessions,
    refunds,
    calls,
    delivered: [],
    pay,
    event: signed,
    refundOutside(paymentIntent, amount) {
      makeRefund(paymentIntent, amount, {})
      return signed('charge.refunded', chargeObject(paymentIntent))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return standIn
}
