import { builder } from '#server/graphql/builder.ts'
import { retryJob } from './retry-job.ts'
import { listJobs } from './jobs.queries.ts'
import { JobRef } from './types/job.ts'
import { JobStatusEnum } from './types/job-status.ts'

builder.queryField('jobs', (t) =>
  t.field({
    type: [JobRef],
    description: 'Background jobs, newest first, so failures are visible (superAdmin).',
    args: {
      status: t.arg({ type: JobStatusEnum, required: false }),
      limit: t.arg.int({ required: false, defaultValue: 50 }),
      offset: t.arg.int({ required: false, defaultValue: 0 }),
    },
    resolve: (_root, args, ctx) => listJobs(ctx, args),
  }),
)

builder.mutationField('retryJob', (t) =>
  t.field({
    type: JobRef,
    description: 'Run a failed job again (superAdmin; audited).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => retryJob(ctx, String(args.id)),
  }),
)
