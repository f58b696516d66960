import { builder } from '#server/graphql/builder.ts'
import { SORT_DIRECTIONS } from '../casting-filter.ts'

export const CastingSortDirectionEnum = builder.enumType('CastingSortDirection', { values: SORT_DIRECTIONS })
