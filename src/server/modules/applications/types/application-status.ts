import { APPLICATION_STATUSES } from '#core/applications/status.ts'
import { builder } from '#server/graphql/builder.ts'

export const ApplicationStatusEnum = builder.enumType('ApplicationStatus', { values: APPLICATION_STATUSES })
