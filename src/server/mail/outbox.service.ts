import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { outbox, type OutboxStatus } from '#server/db/schema/index.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { AttachmentRenderer, MailAttachmentRef, RenderedAttachment } from './attachments.ts'

export const SEND_MAIL_JOB = 'mail.send'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  template?: string
  /** Extra headers, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>
  /** Files rendered when the message is sent (by the renderer registered for each `kind`). */
  attachments?: MailAttachmentRef[]
}

export type OutboxRow = typeof outbox.$inferSelect

export interface Mailer {
  /** Write the message to the outbox and queue its delivery; pass `tx` to do both inside a transaction. */
  queue(message: MailMessage, tx?: Db): Promise<OutboxRow>
  /** Queue delivery again for messages still waiting (e.g. SMTP configured after they were written). */
  requeueWaiting(): Promise<number>
  list(options?: { status?: OutboxStatus; limit?: number; offset?: number }): Promise<OutboxRow[]>
  /**
   * Called once a message fails for good because the server refused it permanently (SMTP 5xx):
   * the mailing lists mark the address bounced.
   */
  onPermanentFailure(listener: (row: OutboxRow) => Promise<void>): void
  /** The module that owns an attachment kind renders it at send time (e.g. tickets: `ticket-pdf`). */
  registerAttachment(kind: string, render: AttachmentRenderer): void
  /** The settings name the sender at send time (the society's name); MAIL_FROM's own name until then. */
  nameSender(resolve: () => Promise<string>): void
  close(): void
}

/** An SMTP 5xx reply (nodemailer's `responseCode`): the receiving server refuses for good. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/**
 * Mail goes through the outbox: a row first, then a `mail.send` job. Without SMTP_URL the row stays
 * queued, readable by superAdmins (outside production it is marked delivered to the local inbox that
 * /dev/mail shows); when SMTP is down the job retries with backoff until it is back.
 */
export function createMailer(deps: {
  db: Db
  queue: JobQueue
  smtpUrl: string | undefined
  /** Outside production without SMTP: mark each message delivered to the local inbox (/dev/mail). */
  localInbox?: boolean
  from: string
  logger?: FastifyBaseLogger
}): Mailer {
  const { db, queue, smtpUrl, from, logger, localInbox = false } = deps
  const permanentFailureListeners: ((row: OutboxRow) => Promise<void>)[] = []
  const renderers = new Map<string, AttachmentRenderer>()
  let senderName: (() => Promise<string>) | undefined
  /** MAIL_FROM's address under the society's name: `"CUMTS" <no-reply@…>`. */
  const sender = async (): Promise<string | { name: string; address: string }> => {
    const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim()
    return senderName ? { name: await senderName(), address } : from
  }
  /** Render a row's attachments now; an unknown kind throws, so the job retries once it is registered. */
  const render = async (refs: MailAttachmentRef[] | null): Promise<RenderedAttachment[]> => {
    const files: RenderedAttachment[] = []
    for (const ref of refs ?? []) {
      const renderer = renderers.get(ref.kind)
      if (!renderer) throw new Error(`no renderer for mail attachments of kind ${ref.kind}`)
      const file = await renderer(ref)
      if (file) files.push(file)
    }
    return files
  }
  // NOTE: nodemailer loads when the first message goes out, not at start (decision 0027).
  let transport: Promise<Transporter> | undefined
  const smtp = (url: string) =>
    (transport ??= import('nodemailer').then((m) => m.default.createTransport(url, { from })))

  queue.register(
    SEND_MAIL_JOB,
    z.object({ outboxId: z.number() }),
    async ({ outboxId }) => {
      const row = await db.query.outbox.findFirst({ where: eq(outbox.id, outboxId) })
      if (!row || row.status === 'sent') return
      if (!smtpUrl) {
        if (localInbox) {
          await db
            .update(outbox)
            .set({ status: 'sent', sentAt: new Date(), messageId: `local-inbox-${row.id}`, attempts: 1 })
            .where(eq(outbox.id, row.id))
          logger?.info(
            { outboxId, to: row.to },
            'SMTP_URL not set: mail delivered to the local inbox at /dev/mail',
          )
        } else {
          logger?.info({ outboxId }, 'SMTP_URL not set: mail kept in the outbox')
        }
        return
      }
      try {
        const attachments = await render(row.attachments)
        const transporter = await smtp(smtpUrl)
        const info = await transporter.sendMail({
          from: await sender(),
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          ...(attachments.length ? { attachments } : {}),
          headers: { ...row.headers, 'X-Stagedoor-Outbox-Id': String(row.id) },
        })
        await db
          .update(outbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            messageId: info.messageId,
            attempts: row.attempts + 1,
            lastError: null,
          })
          .where(eq(outbox.id, row.id))
      } catch (error) {
        const lastError = error instanceof Error ? error.message : String(error)
        if (isPermanentFailure(error)) {
          // A 5xx answer will not change on retry (no such mailbox, refused): failed at once.
          const [failed] = await db
            .update(outbox)
            .set({ status: 'failed', attempts: row.attempts + 1, lastError })
            .where(eq(outbox.id, row.id))
            .returning()
          logger?.warn({ outboxId, to: row.to, err: error }, 'mail refused permanently')
          for (const listener of permanentFailureListeners) {
            await listener(failed!).catch((e: unknown) =>
              logger?.error({ err: e, outboxId }, 'permanent-failure listener failed'),
            )
          }
          return
        }
        await db
          .update(outbox)
          .set({ attempts: row.attempts + 1, lastError })
          .where(eq(outbox.id, row.id))
        throw error
      }
    },
    {
      maxAttempts: 25,
      onFinalFailure: async ({ outboxId }) => {
        await db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, outboxId))
      },
    },
  )

  return {
    async queue(message, tx) {
      const run = async (executor: Db) => {
        const [row] = await executor
          .insert(outbox)
          .values({
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
            template: message.template ?? null,
            headers: message.headers ?? null,
            attachments: message.attachments?.length ? message.attachments : null,
          })
          .returning()
        if (!row) throw new Error('outbox insert returned no row')
        await queue.enqueue(
          SEND_MAIL_JOB,
          { outboxId: row.id },
          { tx: executor, singletonKey: `mail:${row.id}` },
        )
        return row
      }
      const row = tx ? await run(tx) : await db.transaction((t) => run(t))
      queue.wake()
      return row
    },
    async requeueWaiting() {
      if (!smtpUrl) return 0
      const waiting = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(inArray(outbox.status, ['queued']))
      for (const { id } of waiting) {
        await queue.enqueue(SEND_MAIL_JOB, { outboxId: id }, { singletonKey: `mail:${id}` })
      }
      return waiting.length
    },
    list({ status, limit = 50, offset = 0 } = {}) {
      return db
        .select()
        .from(outbox)
        .where(status ? eq(outbox.status, status) : sql`true`)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(Math.min(limit, 200))
        .offset(offset)
    },
    onPermanentFailure(listener) {
      permanentFailureListeners.push(listener)
    },
    registerAttachment(kind, renderer) {
      renderers.set(kind, renderer)
    },
    nameSender(resolve) {
      senderName = resolve
    },
    close() {
      void transport?.then((t) => t.close())
    },
  }
}
