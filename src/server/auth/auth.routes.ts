import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { sendError } from '#server/http/errors.ts'
import { toWebRequest } from '#server/http/headers.ts'
import { isSameMachine } from '#server/http/local-request.ts'
import { DEV_MAIL_PATH } from '#server/mail/dev-inbox.routes.ts'
import { DEV_SMS_PATH } from '#server/sms/dev-sms.routes.ts'
import { PASSWORD_MIN_LENGTH } from '#core/auth/password-policy.ts'
import { CLIENT_PATHS } from './auth.ts'
import { equalTimeFor, holdUntil } from './equal-time.ts'

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  if (response.status === 429) {
    // One shape for every rate limit: code RATE_LIMITED and the retry time, header and body.
    const text = await response.text()
    let body: { message?: string; retryAfterSeconds?: number } = {}
    try {
      body = JSON.parse(text)
    } catch {}
    const retry = Number(body.retryAfterSeconds ?? response.headers.get('x-retry-after') ?? 60)
    return reply
      .status(429)
      .header('retry-after', String(retry))
      .send({
        code: 'RATE_LIMITED',
        message: body.message?.startsWith('Too many attempts')
          ? body.message
          : `Too many attempts. Try again in ${retry} seconds.`,
        retryAfterSeconds: retry,
      })
  }
  reply.status(response.status)
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply.send(response.body ? await response.text() : null)
}

const consumeBody = z.object({ token: z.string().min(1).max(512) })

/**
 * better-auth behind /api/auth/*, plus two routes of ours: the magic-link button's POST and the
 * public auth configuration the login page needs.
 */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const { auth, config } = request.ctx.services
      const startedAt = performance.now()
      const response = await auth.handler(toWebRequest(request, config.appUrl))
      const floor = equalTimeFor(request.url)
      if (floor > 0) await holdUntil(startedAt, floor)
      return sendWebResponse(reply, response)
    },
  })

  /**
   * The magic-link page's "Sign in" button posts the token here. Only this POST spends it, so an
   * email scanner opening the link does not.
   */
  app.post('/api/auth/magic-link/consume', async (request, reply) => {
    const { auth, config } = request.ctx.services
    const parsed = consumeBody.safeParse(request.body)
    if (!parsed.success) return sendError(reply, new AppError('VALIDATION', 'A sign-in token is required.'))
    const verifyUrl = new URL('/api/auth/magic-link/verify', config.appUrl)
    verifyUrl.searchParams.set('token', parsed.data.token)
    verifyUrl.searchParams.set('callbackURL', CLIENT_PATHS.success)
    verifyUrl.searchParams.set('errorCallbackURL', `${CLIENT_PATHS.success}?error=link`)
    const response = await auth.handler(
      toWebRequest(request, config.appUrl, { method: 'GET', url: verifyUrl.pathname + verifyUrl.search }),
    )
    const cookies = response.headers.getSetCookie()
    const location = response.headers.get('location') ?? ''
    const signedIn = cookies.some((c) => c.includes('session_token=') && !c.includes('Max-Age=0'))
    if (response.status === 429) return sendWebResponse(reply, response)
    if (!signedIn) {
      const expired = /EXPIRED/i.test(location)
      return reply.status(400).send({
        code: expired ? 'EXPIRED_TOKEN' : 'INVALID_TOKEN',
        message: expired
          ? 'This sign-in link has expired. Ask for a new one.'
          : 'This sign-in link has already been used or is not valid. Ask for a new one.',
      })
    }
    reply.header('set-cookie', cookies)
    return reply.send({ ok: true })
  })

  /**
   * What the login page offers: configured providers, the demo accounts in demo mode only, and where
   * the local inbox is when mail is delivered there.
   */
  app.get('/api/auth-config', async (request) => {
    const { config, demoPanel } = request.ctx.services
    const society = await societySettingsOf(request.ctx.services)
    return {
      providers: [
        ...(config.providers.google ? [{ id: 'google', name: 'Google', type: 'social' }] : []),
        ...(config.providers.microsoft ? [{ id: 'microsoft', name: 'Microsoft', type: 'social' }] : []),
        ...(config.providers.oidc ? [{ id: 'oidc', name: config.providers.oidc.name, type: 'oidc' }] : []),
      ],
      // NOTE: the demo password is for this machine only unless DEMO_PUBLIC=true (see http/local-request.ts).
      demo: demoPanel && (config.demoPublic || isSameMachine(request)) ? demoPanel : null,
      devMailbox: config.mailMode === 'local-inbox' ? DEV_MAIL_PATH : null,
      // Phone sign-in is offered when texts can leave (SMS_URL) or land in the local inbox.
      phoneSignIn: config.smsMode !== 'off',
      devSmsInbox: config.smsMode === 'local-inbox' ? DEV_SMS_PATH : null,
      societyCountry: config.societyCountry,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      supportEmail: society.supportEmail,
      timeZone: society.timeZone,
    }
  })
}
