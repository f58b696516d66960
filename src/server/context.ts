import { randomUUID } from 'node:crypto'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import type { Services } from '#server/services.ts'

/**
 * One way into a request: who is asking, which request this is, and the clock, with the process's
 * services beside them. Built once per GraphQL operation, REST request, subscription or job, and the
 * first argument of every use case (`decideApplications(ctx, input)`).
 */
export interface RequestContext {
  /** The signed-in member or staff member asking; null for anonymous visitors and for the system (jobs). */
  readonly actor: Viewer | null
  /** Ties log lines and audit entries of one request together. */
  readonly requestId: string
  /** The clock every rule reads; tests move it through `BuildAppOptions.clock`. */
  now(): Date
  readonly services: Services
}

export function requestContext(
  services: Services,
  who: { actor: Viewer | null; requestId: string },
): RequestContext {
  return { actor: who.actor, requestId: who.requestId, now: services.clock, services }
}

/** The context of work nobody asked for just now: a durable job, a start-up task. No actor. */
export function systemContext(services: Services, requestId = `system:${randomUUID()}`): RequestContext {
  return requestContext(services, { actor: null, requestId })
}

/** Queue work to run once the surrounding transaction has committed (never after a rollback). */
export type AfterCommit = (task: () => Promise<void> | void) => void

/**
 * Run `fn` in one transaction. What it hands to `afterCommit` (publishing to the bus, mostly) runs
 * after the commit, in order, so subscribers never hear of a change that was rolled back.
 */
export async function withTx<T>(
  ctx: Pick<RequestContext, 'services'>,
  fn: (tx: Tx, afterCommit: AfterCommit) => Promise<T>,
): Promise<T> {
  const tasks: (() => Promise<void> | void)[] = []
  const body = (tx: Tx) => fn(tx, (task) => void tasks.push(task))
  const result = await ctx.services.db.transaction(body)
  for (const listener of ctx.services.commitListeners) listener()
  for (const task of tasks) await task()
  return result
}
