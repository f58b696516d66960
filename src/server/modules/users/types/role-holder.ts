import { builder } from '#server/graphql/builder.ts'
import type { RoleHolder } from '../committee.ts'
import { RoleEnum } from './role.ts'
import { UserRef } from './user.ts'

export const RoleHolderRef = builder.objectRef<RoleHolder>('RoleHolder').implement({
  description: 'A member holding a role, with their term.',
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (h) => h.user }),
    role: t.field({ type: RoleEnum, resolve: (h) => h.role }),
    startsAt: t.expose('startsAt', { type: 'DateTime', nullable: true }),
    endsAt: t.expose('endsAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the role lapses by itself; null: until revoked.',
    }),
  }),
})
