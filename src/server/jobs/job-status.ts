/** The states of a durable job (`jobs.status`). */
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
