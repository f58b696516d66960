import { inArray, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { profiles, users } from '#server/db/schema/index.ts'

/** A participant as other members see them: the preferred name and pronouns, nothing else. */
export interface Person {
  name: string
  pronouns: string | null
}

// NOTE: lists are flat (no list inside a list): the cost limit counts a nested list as 100 × 100.

/** These users as members see them, with their social-list choice. */
export async function peopleByIds(
  db: Db,
  userIds: string[],
): Promise<Map<string, Person & { optIn: boolean }>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      preferredName: profiles.preferredName,
      pronouns: profiles.pronouns,
      optIn: profiles.socialListOptIn,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, userIds))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: r.preferredName?.trim() || r.name,
        pronouns: r.pronouns?.trim() || null,
        optIn: r.optIn ?? false,
      },
    ]),
  )
}

export const byName = (a: Person, b: Person) => a.name.localeCompare(b.name)
