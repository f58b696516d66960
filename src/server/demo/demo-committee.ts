import { inArray } from 'drizzle-orm'
import type { Role } from '#core/auth/roles.ts'
import { jobs, roleTerms, users } from '#server/db/schema/index.ts'
import { ROLE_LAPSE_JOB, type TermJobPayload } from '#server/modules/users/role-terms.ts'
import type { Services } from '#server/services.ts'

const DAY = 86_400_000

/**
 * Two committee roles with terms (issue 12): the board member's ends within the week, so the
 * Committee view shows one lapsing soon; the social convenor's runs to the next AGM. Their lapse
 * jobs are queued as a grant would queue them. New rows only.
 */
export async function seedCommitteeTerms(db: Pick<Services, 'db'>['db'], now: Date): Promise<void> {
  const terms: { email: string; role: Role; endsAt: Date }[] = [
    { email: 'boardmember@stagedoor.test', role: 'boardMember', endsAt: new Date(now.getTime() + 5 * DAY) },
    {
      email: 'socialconvenor@stagedoor.test',
      role: 'socialConvenor',
      endsAt: new Date(now.getTime() + 200 * DAY),
    },
  ]
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        terms.map((t) => t.email),
      ),
    )
  const idOf = new Map(people.map((p) => [p.email, p.id]))
  for (const term of terms) {
    const userId = idOf.get(term.email)
    if (!userId) continue
    const added = await db
      .insert(roleTerms)
      .values({ userId, role: term.role, startsAt: new Date(now.getTime() - 160 * DAY), endsAt: term.endsAt })
      .onConflictDoNothing()
      .returning()
    if (added.length === 0) continue
    const payload: TermJobPayload = { userId, role: term.role, endsAt: term.endsAt.toISOString() }
    await db
      .insert(jobs)
      .values({
        name: ROLE_LAPSE_JOB,
        payload,
        runAt: term.endsAt,
        singletonKey: `role-lapse:${userId}:${term.role}`,
      })
      .onConflictDoNothing()
  }
}
