import { builder } from '#server/graphql/builder.ts'
import type { CastList } from '../get-cast-list.ts'

export const CastMemberRef = builder.objectRef<CastList['members'][number]>('CastMember').implement({
  fields: (t) => ({
    part: t.exposeString('part', { nullable: true, description: 'Null: no part assigned yet.' }),
    name: t.exposeString('name'),
    pronouns: t.exposeString('pronouns', { nullable: true }),
  }),
})
