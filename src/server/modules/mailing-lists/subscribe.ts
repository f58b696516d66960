import { createHash, randomBytes } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import {
  ADDRESS_MAIL_WINDOW_SECONDS,
  botVerdict,
  CONFIRMATION_TTL_MS,
  IP_SIGNUPS_PER_MINUTE,
  SIGNUP_ACCEPTED_MESSAGE,
  signupSchema,
} from '#core/mailing-lists/mailing-list.ts'
import { consumeRateLimit } from '#server/auth/rate-limit.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { mailingListConfirmations, mailingLists, mailingListSubscribers } from '#server/db/schema/index.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { checkChallenge, spendChallenge } from './challenge.ts'
import { confirmationMessage } from './list-email.ts'
import { scheduleUnconfirmedCleanup } from './mailing-lists.jobs.ts'

export const newToken = (): string => randomBytes(24).toString('base64url')
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

const CHALLENGE_MESSAGES = {
  missing: 'Complete the "I\'m not a robot" check, then send the form again.',
  invalid: 'The "I\'m not a robot" check did not pass. Reload the form and try again.',
  reused: 'The "I\'m not a robot" check was already used. Reload the form and try again.',
} as const

/**
 * A visitor joins one or more public lists from the widget. Refused in order: too many signups from
 * this IP (429), bad input (400), no solved proof-of-work (400), posted under 2 s after the form was
 * shown (400). A filled honeypot is answered like a success and nothing is written. Otherwise the
 * answer is always the same, so it never tells whether the address was already subscribed; a
 * confirmation email goes at most once per address per 24 h.
 */
export async function subscribe(ctx: RequestContext, raw: unknown, ip: string): Promise<{ message: string }> {
  const { db, config, mailer } = ctx.services
  const now = ctx.now()
  const perIp = await consumeRateLimit(
    db,
    `mailing:ip:${ip}`,
    { window: 60, max: IP_SIGNUPS_PER_MINUTE },
    now.getTime(),
  )
  if (!perIp.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many signups from your network. Try again in a minute.', {
      retryAfterSeconds: perIp.retryAfterSeconds,
    })
  }
  const parsed = signupSchema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error.issues)
  const input = parsed.data

  const challenge = await checkChallenge(ctx, input.altcha)
  if (!challenge.ok) {
    throw new AppError('VALIDATION', CHALLENGE_MESSAGES[challenge.reason], {
      fields: [{ path: 'altcha', message: CHALLENGE_MESSAGES[challenge.reason] }],
    })
  }
  const verdict = botVerdict({ honeypot: input.website, formShownAt: challenge.issuedAt, now: now.getTime() })
  // Too fast: the same solved challenge may be sent again a moment later.
  if (verdict === 'too-fast') {
    throw new AppError(
      'VALIDATION',
      'That was quicker than a person can type. Wait a moment, then send again.',
    )
  }
  if (!(await spendChallenge(ctx, challenge.signature))) {
    throw new AppError('VALIDATION', CHALLENGE_MESSAGES.reused, {
      fields: [{ path: 'altcha', message: CHALLENGE_MESSAGES.reused }],
    })
  }
  if (verdict === 'honeypot') return { message: SIGNUP_ACCEPTED_MESSAGE }

  const lists = await db
    .select()
    .from(mailingLists)
    .where(and(inArray(mailingLists.slug, input.lists), eq(mailingLists.isPublic, true)))
  if (lists.length !== input.lists.length) throw new AppError('NOT_FOUND', 'There is no such mailing list.')

  await withTx(ctx, async (tx) => {
    const existing = await tx
      .select()
      .from(mailingListSubscribers)
      .where(
        and(
          eq(mailingListSubscribers.email, input.email),
          inArray(
            mailingListSubscribers.listId,
            lists.map((l) => l.id),
          ),
        ),
      )
      .for('update')
    const byList = new Map(existing.map((s) => [s.listId, s]))
    const needConfirming: typeof lists = []
    for (const list of lists) {
      const current = byList.get(list.id)
      if (!current) {
        await tx.insert(mailingListSubscribers).values({
          listId: list.id,
          email: input.email,
          name: input.name,
          status: list.doubleOptIn ? 'unconfirmed' : 'subscribed',
          source: 'widget',
          unsubscribeToken: newToken(),
          confirmedAt: list.doubleOptIn ? null : now,
        })
        if (list.doubleOptIn) needConfirming.push(list)
      } else if (current.status === 'unconfirmed' || current.status === 'unsubscribed') {
        // A returning address confirms again; its status changes only when it does.
        needConfirming.push(list)
      }
    }
    if (needConfirming.length === 0) return
    await scheduleUnconfirmedCleanup(ctx, tx, now)
    const once = await consumeRateLimit(
      tx,
      `mailing:address:${input.email}`,
      { window: ADDRESS_MAIL_WINDOW_SECONDS, max: 1 },
      now.getTime(),
    )
    if (!once.allowed) return
    const token = newToken()
    await tx.insert(mailingListConfirmations).values({
      tokenHash: hashToken(token),
      email: input.email,
      listIds: needConfirming.map((l) => l.id),
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
    })
    await mailer.queue(
      confirmationMessage(config, { to: input.email, listNames: needConfirming.map((l) => l.name), token }),
      tx,
    )
  })
  return { message: SIGNUP_ACCEPTED_MESSAGE }
}
