import { builder } from '#server/graphql/builder.ts'
import { CASTING_SORT_FIELDS } from '../casting-filter.ts'

export const CastingSortFieldEnum = builder.enumType('CastingSortField', { values: CASTING_SORT_FIELDS })
