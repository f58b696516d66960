import { sql } from 'drizzle-orm'
import { executeRows } from '#server/db/client.ts'
import type { RequestContext } from '#server/context.ts'
import { authorize } from '#server/modules/shared/guards.ts'

export interface InactiveProfile {
  userId: string
  name: string
  email: string
  slug: string | null
  lastActiveAt: Date
}

/** The newest of these is a member's last activity (sessions renew every 15 minutes while in use). */
const LAST_ACTIVE = sql`greatest(
  u.created_at,
  coalesce(p.updated_at, u.created_at),
  coalesce((select max(s.updated_at) from sessions s where s.user_id = u.id), u.created_at),
  coalesce((select max(a.updated_at) from applications a where a.user_id = u.id), u.created_at)
)`

/**
 * Members with no activity for `RETENTION_YEARS` (default 6): superAdmins review them for deletion
 * (issue 12 §5). Anonymous application holders of deleted accounts are not people and never listed;
 * nor is anyone holding a role. Oldest first, at most `limit`.
 */
export async function inactiveProfiles(ctx: RequestContext, limit = 100): Promise<InactiveProfile[]> {
  authorize(ctx.actor, 'admin.retention')
  const cutoff = new Date(ctx.now())
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ctx.services.config.retentionYears)
  const rows = await executeRows<{
    user_id: string
    name: string
    email: string
    slug: string | null
    last_active_at: Date | string
  }>(
    ctx.services.db,
    sql`select * from (
          select u.id as user_id, u.name, u.email, p.slug, ${LAST_ACTIVE} as last_active_at
          from users u left join profiles p on p.user_id = u.id
          where u.id not like 'deleted-%' and cardinality(u.roles) = 0
        ) t
        where t.last_active_at < ${cutoff.toISOString()}::timestamptz
        order by t.last_active_at asc
        limit ${Math.min(Math.max(limit, 1), 500)}`,
  )
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    email: r.email,
    slug: r.slug,
    lastActiveAt: new Date(r.last_active_at),
  }))
}
