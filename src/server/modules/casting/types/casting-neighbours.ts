import { builder } from '#server/graphql/builder.ts'
import type { CastingNeighbours } from '../casting-neighbours.ts'

export const CastingNeighboursRef = builder.objectRef<CastingNeighbours>('CastingNeighbours').implement({
  description: 'The applications before and after one in the casting list’s order.',
  fields: (t) => ({
    previous: t.exposeString('previous', { nullable: true }),
    next: t.exposeString('next', { nullable: true }),
    position: t.exposeInt('position', { nullable: true, description: '1-based; null when filtered out.' }),
    totalCount: t.exposeInt('totalCount'),
  }),
})
