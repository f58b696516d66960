import { ROLES } from '#core/auth/roles.ts'
import { builder } from '#server/graphql/builder.ts'

export const RoleEnum = builder.enumType('Role', { values: ROLES })
