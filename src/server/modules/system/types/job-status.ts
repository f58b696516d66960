import { JOB_STATUSES } from '#server/jobs/job-status.ts'
import { builder } from '#server/graphql/builder.ts'

/** PENDING, RUNNING, COMPLETED, FAILED in the API; the stored lower-case status inside. */
export const JobStatusEnum = builder.enumType('JobStatus', {
  values: Object.fromEntries(JOB_STATUSES.map((status) => [status.toUpperCase(), { value: status }])),
})
