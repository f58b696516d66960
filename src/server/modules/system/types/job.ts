import { builder } from '#server/graphql/builder.ts'
import type { JobRow } from '#server/jobs/queue.ts'
import { JobStatusEnum } from './job-status.ts'

export const JobRef = builder.objectRef<JobRow>('Job').implement({
  description: 'A background job: sending mail, expiring offers, revealing shows.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.field({ type: JobStatusEnum, resolve: (row) => row.status }),
    attempts: t.exposeInt('attempts'),
    maxAttempts: t.exposeInt('maxAttempts'),
    runAt: t.expose('runAt', { type: 'DateTime' }),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
})
