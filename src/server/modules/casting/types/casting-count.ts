import { builder } from '#server/graphql/builder.ts'
import type { CastingCount } from '../list-casting-applications.ts'

export const CastingCountRef = builder.objectRef<CastingCount>('CastingCount').implement({
  fields: (t) => ({ key: t.exposeString('key'), count: t.exposeInt('count') }),
})
