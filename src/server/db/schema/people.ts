import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import type { Role } from '#core/auth/roles.ts'
import { users } from './auth.ts'

/**
 * The term of a role a user holds (`users.roles` stays what authorization reads). A row exists
 * while the role is held; `endsAt` null means until revoked. The lapse and reminder jobs read it.
 */
export const roleTerms = pgTable(
  'role_terms',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    grantedBy: text('granted_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('role_terms_role_idx').on(t.role)],
)
