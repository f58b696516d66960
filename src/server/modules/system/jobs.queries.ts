import { desc, eq, sql } from 'drizzle-orm'
import type { RequestContext } from '#server/context.ts'
import { jobs, type JobStatus } from '#server/db/schema/index.ts'
import { pageSize } from '#server/graphql/limits.ts'
import type { JobRow } from '#server/jobs/queue.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface JobsPage {
  status?: JobStatus | null
  limit?: number | null
  offset?: number | null
}

/** Background jobs, newest first, so failures are visible (superAdmin). */
export function listJobs(ctx: RequestContext, { status, limit, offset }: JobsPage): Promise<JobRow[]> {
  authorize(ctx.actor, 'admin.jobs')
  return ctx.services.db
    .select()
    .from(jobs)
    .where(status ? eq(jobs.status, status) : sql`true`)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(pageSize(limit))
    .offset(Math.max(offset ?? 0, 0))
}
