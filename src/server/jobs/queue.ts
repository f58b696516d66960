import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { executeRows, type Db } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/index.ts'

export type JobRow = typeof jobs.$inferSelect

export interface JobContext {
  job: JobRow
  /** 1 on the first run. */
  attempt: number
  isFinalAttempt: boolean
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>

/** Reads a job's stored payload (JSON from the database) into what its handler takes: a zod schema fits. */
export interface PayloadSchema<P> {
  parse(raw: unknown): P
}

/** For a job whose handler does not read its payload. */
export const ANY_PAYLOAD: PayloadSchema<unknown> = { parse: (raw) => raw }

export interface RegisterOptions<P> {
  maxAttempts?: number
  onFinalFailure?: (payload: P, error: unknown) => Promise<void>
}

/** A registered job, its payload type closed over: the queue only ever hands it the stored JSON. */
interface Registered {
  run: (raw: unknown, ctx: JobContext) => Promise<void>
  maxAttempts: number
  onFinalFailure: ((raw: unknown, error: unknown) => Promise<void>) | undefined
}

export interface EnqueueOptions {
  runAt?: Date
  /** At most one pending or running job per key; a second enqueue with the same key is a no-op. */
  singletonKey?: string
  maxAttempts?: number
  /** Enqueue inside the caller's transaction so the job exists only if the rest commits. */
  tx?: Db
}

export interface JobQueueOptions {
  pollMs?: number
  concurrency?: number
  /** First retry after this long; doubles each attempt up to maxBackoffMs. */
  baseBackoffMs?: number
  maxBackoffMs?: number
  /** A running job whose worker has not finished within the lease is presumed dead and runs again. */
  leaseMs?: number
  logger?: FastifyBaseLogger | undefined
}

/** Delay before retry `attempt` (1-based): base × 2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1))
}

/**
 * A durable job queue in the database (docs/decisions/0003-jobs.md). Works the same on PGlite and
 * PostgreSQL: several processes can poll one table; SKIP LOCKED keeps them off each other's rows.
 */
export class JobQueue {
  readonly workerId = randomUUID()
  private readonly handlers = new Map<string, Registered>()
  private readonly opts: Required<Omit<JobQueueOptions, 'logger'>>
  private readonly logger: FastifyBaseLogger | undefined
  private timer: NodeJS.Timeout | undefined
  private running = false
  private polling: Promise<void> | undefined
  private readonly inFlight = new Set<Promise<void>>()

  constructor(
    private readonly db: Db,
    options: JobQueueOptions = {},
  ) {
    this.opts = {
      pollMs: options.pollMs ?? 1000,
      concurrency: options.concurrency ?? 4,
      baseBackoffMs: options.baseBackoffMs ?? 5000,
      maxBackoffMs: options.maxBackoffMs ?? 3_600_000,
      leaseMs: options.leaseMs ?? 300_000,
    }
    this.logger = options.logger
  }

  /**
   * Run `handler` for jobs named `name`. The stored payload is read through `payload` first: a payload
   * that does not fit fails the attempt like any other error.
   */
  register<P>(
    name: string,
    payload: PayloadSchema<P>,
    handler: JobHandler<P>,
    options: RegisterOptions<P> = {},
  ): void {
    const { onFinalFailure } = options
    this.handlers.set(name, {
      run: (raw, ctx) => handler(payload.parse(raw), ctx),
      maxAttempts: options.maxAttempts ?? 5,
      onFinalFailure: onFinalFailure && (async (raw, error) => onFinalFailure(payload.parse(raw), error)),
    })
  }

  async enqueue(
    name: string,
    payload: unknown = {},
    options: EnqueueOptions = {},
  ): Promise<JobRow | undefined> {
    const executor = options.tx ?? this.db
    const rows = await executor
      .insert(jobs)
      .values({
        name,
        payload: payload as object,
        runAt: options.runAt ?? new Date(),
        singletonKey: options.singletonKey ?? null,
        maxAttempts: options.maxAttempts ?? this.handlers.get(name)?.maxAttempts ?? 5,
      })
      .onConflictDoNothing()
      .returning()
    if (!options.tx && this.running) this.wake()
    return rows[0]
  }

  /** Remove the pending job with this singleton key, if any (e.g. a postponed reveal). */
  async cancel(singletonKey: string, tx?: Db): Promise<number> {
    const removed = await (tx ?? this.db)
      .delete(jobs)
      .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.status, 'pending')))
      .returning({ id: jobs.id })
    return removed.length
  }

  /** Start polling. Jobs left running by a dead worker are picked up once their lease expires. */
  start(): void {
    if (this.running) return
    this.running = true
    this.schedule(0)
  }

  /** Stop polling and wait for the jobs in flight to finish. */
  async stop(): Promise<void> {
    this.running = false
    if (this.timer) clearTimeout(this.timer)
    await this.polling
    await Promise.allSettled([...this.inFlight])
  }

  /** Poll now instead of waiting for the next tick. */
  wake(): void {
    if (this.running && !this.polling) this.schedule(0)
  }

  /**
   * Claim the jobs that are due and run them; resolves when they have finished. The poll loop calls
   * this; so can tests and scripts.
   */
  async runDue(): Promise<number> {
    const free = this.opts.concurrency - this.inFlight.size
    if (free <= 0 || this.handlers.size === 0) return 0
    const claimed = await this.claim(free)
    const runs = claimed.map((job) => this.track(this.execute(job)))
    await Promise.all(runs)
    return claimed.length
  }

  /** Release jobs this process held (embedded database: no other process can be running them). */
  async releaseAllRunning(): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'pending', lockedUntil: null, lockedBy: null, updatedAt: new Date() })
      .where(eq(jobs.status, 'running'))
  }

  private track(run: Promise<void>): Promise<void> {
    this.inFlight.add(run)
    void run.finally(() => this.inFlight.delete(run))
    return run
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.polling = this.pollOnce().finally(() => {
        this.polling = undefined
        if (this.running) this.schedule(this.opts.pollMs)
      })
    }, delay)
    this.timer.unref?.()
  }

  private async pollOnce(): Promise<void> {
    try {
      const free = this.opts.concurrency - this.inFlight.size
      if (free <= 0 || this.handlers.size === 0) return
      const claimed = await this.claim(free)
      for (const job of claimed) void this.track(this.execute(job))
    } catch (error) {
      this.logger?.error({ err: error }, 'job poll failed')
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const names = sql.join(
      [...this.handlers.keys()].map((n) => sql`${n}`),
      sql`, `,
    )
    const leaseSeconds = this.opts.leaseMs / 1000
    const claimed = await executeRows<{ id: number | string }>(
      this.db,
      sql`
      update ${jobs} set
        status = 'running',
        attempts = ${jobs.attempts} + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds}),
        locked_by = ${this.workerId},
        updated_at = now()
      where ${jobs.id} in (
        select id from ${jobs}
        where name in (${names})
          and ((status = 'pending' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id`,
    )
    const ids = claimed.map((r) => Number(r.id))
    if (ids.length === 0) return []
    const rows = await this.db.query.jobs.findMany({ where: (j, { inArray }) => inArray(j.id, ids) })
    return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
  }

  private async execute(job: JobRow): Promise<void> {
    const registered = this.handlers.get(job.name)
    if (!registered) return
    const ctx: JobContext = { job, attempt: job.attempts, isFinalAttempt: job.attempts >= job.maxAttempts }
    const log = this.logger?.child({ jobId: job.id, job: job.name, attempt: job.attempts })
    try {
      if (job.attempts > job.maxAttempts)
        throw new Error('attempts exhausted (worker lost during the last attempt)')
      await registered.run(job.payload, ctx)
      await this.db
        .update(jobs)
        .set({
          status: 'completed',
          completedAt: new Date(),
          updatedAt: new Date(),
          lockedUntil: null,
          lastError: null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)))
      log?.debug('job completed')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (job.attempts >= job.maxAttempts) {
        log?.error({ err: error }, 'job failed for good')
        await this.db
          .update(jobs)
          .set({ status: 'failed', lastError: message, updatedAt: new Date(), lockedUntil: null })
          .where(eq(jobs.id, job.id))
        await registered.onFinalFailure?.(job.payload, error).catch((e: unknown) => {
          log?.error({ err: e }, 'job final-failure hook failed')
        })
      } else {
        const delay = backoffMs(job.attempts, this.opts.baseBackoffMs, this.opts.maxBackoffMs)
        log?.warn({ err: error, retryInMs: delay }, 'job failed; will retry')
        await this.db
          .update(jobs)
          .set({
            status: 'pending',
            lastError: message,
            runAt: new Date(Date.now() + delay),
            updatedAt: new Date(),
            lockedUntil: null,
            lockedBy: null,
          })
          .where(eq(jobs.id, job.id))
      }
    }
  }
}
