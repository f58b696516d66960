import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { builder } from '#server/graphql/builder.ts'

const statusField = (s: ApplicationStatus) => s.toLowerCase() as Lowercase<ApplicationStatus>

export const ApplicationStatusCountsRef = builder
  .objectRef<Record<ApplicationStatus, number>>('ApplicationStatusCounts')
  .implement({
    description: 'How many applications are in each status.',
    fields: (t) =>
      Object.fromEntries(
        APPLICATION_STATUSES.map((s) => [statusField(s), t.int({ resolve: (counts) => counts[s] ?? 0 })]),
      ) as Record<Lowercase<ApplicationStatus>, ReturnType<typeof t.int>>,
  })
