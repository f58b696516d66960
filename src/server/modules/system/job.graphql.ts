import { desc, eq, sql } from 'drizzle-orm'
import { JOB_STATUSES, jobs } from '#server/db/schema/index.ts'
import type { JobRow } from '#server/jobs/queue.ts'
import { builder } from '#server/graphql/builder.ts'
import { requireCapability } from '#server/graphql/guards.ts'
import { MAX_PAGE_SIZE } from '#server/graphql/limits.ts'

const JobStatus = builder.enumType('JobStatus', { values: JOB_STATUSES.map((s) => s.toUpperCase()) })

const Job = builder.objectRef<JobRow>('Job').implement({
  description: 'A background job: sending mail, expiring offers, revealing shows.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.field({ type: JobStatus, resolve: (row) => row.status.toUpperCase() }),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    runAt: t.expose('runAt', { type: 'DateTime' }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
})

builder.queryField('jobs', (t) =>
  t.field({
    type: [Job],
    description: 'Background jobs, newest first, so failures are visible (superAdmin).',
    args: {
      status: t.arg({ type: JobStatus, required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => {
      requireCapability(ctx, 'admin.jobs')
      return ctx.db
        .select()
        .from(jobs)
        .where(args.status ? eq(jobs.status, args.status.toLowerCase() as JobRow['status']) : sql`true`)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(Math.min(Math.max(args.limit ?? 50, 1), MAX_PAGE_SIZE))
        .offset(Math.max(args.offset ?? 0, 0))
    },
  }),
)
