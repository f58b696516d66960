import { z } from 'zod'

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value)

/**
 * Card payments (decision 0047): Stripe Checkout, on with both keys, off with neither.
 * STRIPE_API_BASE points the SDK at a Stripe-shaped server instead of api.stripe.com: tests and
 * stripe-mock only (refused in production).
 */
export const stripeEnv = {
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, 'must be the webhook signing secret from the Stripe dashboard (whsec_…)')
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http:// or https:// URL')
      .optional(),
  ),
}

/** Both keys or neither; no API override in production. */
export function stripeChecks(env: Record<string, string | undefined>): { path: string; message: string }[] {
  const set = (name: string) => Boolean(env[name] && env[name] !== '')
  const issues: { path: string; message: string }[] = []
  if (set('STRIPE_SECRET_KEY') !== set('STRIPE_WEBHOOK_SECRET')) {
    issues.push({
      path: set('STRIPE_SECRET_KEY') ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY',
      message:
        'is required to take card payments (set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither)',
    })
  }
  if (env.NODE_ENV === 'production' && set('STRIPE_API_BASE')) {
    issues.push({
      path: 'STRIPE_API_BASE',
      message: 'is for tests and stripe-mock only; leave it unset in production',
    })
  }
  return issues
}

export interface StripeConfig {
  secretKey: string
  webhookSecret: string
  /** Where the SDK sends its calls instead of api.stripe.com (STRIPE_API_BASE); null for Stripe. */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null
}

export function stripeConfig(e: {
  STRIPE_SECRET_KEY?: string | undefined
  STRIPE_WEBHOOK_SECRET?: string | undefined
  STRIPE_API_BASE?: string | undefined
}): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return null
  let api: StripeConfig['api'] = null
  if (e.STRIPE_API_BASE) {
    const url = new URL(e.STRIPE_API_BASE)
    const protocol = url.protocol === 'http:' ? 'http' : 'https'
    api = { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol }
  }
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api }
}
