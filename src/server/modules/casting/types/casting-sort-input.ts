import { builder } from '#server/graphql/builder.ts'
import type { CastingSort } from '../casting-filter.ts'
import { CastingSortDirectionEnum } from './casting-sort-direction.ts'
import { CastingSortFieldEnum } from './casting-sort-field.ts'

export const CastingSortInput = builder.inputType('CastingSort', {
  fields: (t) => ({
    field: t.field({ type: CastingSortFieldEnum, required: true }),
    direction: t.field({ type: CastingSortDirectionEnum, required: false, defaultValue: 'ASC' }),
  }),
})

/** The sort as the list reads it (the direction defaults to ascending). */
export function castingSort(
  sort: { field: CastingSort['field']; direction?: CastingSort['direction'] | null } | null | undefined,
): CastingSort | null {
  return sort ? { field: sort.field, direction: sort.direction ?? 'ASC' } : null
}
