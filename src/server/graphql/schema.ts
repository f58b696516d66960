import { lexicographicSortSchema, printSchema } from 'graphql'
import { builder } from './builder.ts'
// The one place that imports every module: each adds its types to the builder.
import '#server/modules/users/user.graphql.ts'
import '#server/modules/users/roles.graphql.ts'
import '#server/modules/users/committee.graphql.ts'
import '#server/modules/events/event.graphql.ts'
import '#server/modules/events/event-admin.graphql.ts'
import '#server/modules/events/show-reveal.graphql.ts'
import '#server/modules/events/calendar.graphql.ts'
import '#server/modules/applications/applications.graphql.ts'
import '#server/modules/casting/casting.graphql.ts'
import '#server/modules/acceptance/acceptance.graphql.ts'
import '#server/modules/payments/payments.graphql.ts'
import '#server/modules/email-templates/email-templates.graphql.ts'
import '#server/modules/participants/participants.graphql.ts'
import '#server/modules/learning-tracks/learning-tracks.graphql.ts'
import '#server/modules/mailing-lists/mailing-lists.graphql.ts'
import '#server/modules/participants/navigation-live.graphql.ts'
import '#server/modules/admin/dashboard.graphql.ts'
import '#server/modules/system/outbox.graphql.ts'
import '#server/modules/system/job.graphql.ts'
import '#server/modules/system/announcement.graphql.ts'
import '#server/modules/system/audit.graphql.ts'
import '#server/modules/tickets/tickets.graphql.ts'
import '#server/modules/tickets/ticket-setup.graphql.ts'
import '#server/modules/tickets/ticket-checkout.graphql.ts'
import '#server/modules/tickets/ticket-holder.graphql.ts'
import '#server/modules/tickets/door-offline.graphql.ts'
import '#server/modules/people/people.graphql.ts'
import '#server/modules/member-records/member-records.graphql.ts'

export const schema = builder.toSchema()

/** The SDL committed as schema.graphql; a test fails when it is stale. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n'
}
