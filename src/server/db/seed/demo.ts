import { eq } from 'drizzle-orm'
import type { Role } from '#core/auth/roles.ts'
import { createAccount } from '#server/auth/accounts.service.ts'
import type { Services } from '#server/services.ts'
import { users } from '#server/db/schema/index.ts'

/** Every demo account signs in with this password (demo mode only, never in production). */
export const DEMO_PASSWORD = 'stagedoor-demo'

export interface DemoAccount {
  email: string
  name: string
  roles: Role[]
}

/** One account per role, then plain members. Later issues give them profiles and applications. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: 'superadmin@stagedoor.test', name: 'Sasha Okafor', roles: ['superAdmin'] },
  { email: 'boardmember@stagedoor.test', name: 'Bea Lindqvist', roles: ['boardMember'] },
  { email: 'orchestraadmin@stagedoor.test', name: 'Omar Haddad', roles: ['orchestraAdmin'] },
  { email: 'sitrmd@stagedoor.test', name: 'Mei Tanaka', roles: ['sitrMD'] },
  { email: 'socialconvenor@stagedoor.test', name: 'Cal Byrne', roles: ['socialConvenor'] },
  { email: 'ticketadmin@stagedoor.test', name: 'Tess Novak', roles: ['ticketAdmin'] },
  { email: 'member1@stagedoor.test', name: 'Maya Patel', roles: [] },
  { email: 'member2@stagedoor.test', name: 'Jonah Reyes', roles: [] },
  { email: 'member3@stagedoor.test', name: 'Ife Adeyemi', roles: [] },
]

/**
 * Create the demo society. Idempotent: an account that exists is left as it is, so running it
 * twice changes nothing.
 */
export async function seedDemo(services: Pick<Services, 'db' | 'auth'>): Promise<{ created: string[] }> {
  const created: string[] = []
  for (const account of DEMO_ACCOUNTS) {
    const existing = await services.db.query.users.findFirst({ where: eq(users.email, account.email) })
    if (existing) continue
    await createAccount(services, { ...account, password: DEMO_PASSWORD, emailVerified: true })
    created.push(account.email)
  }
  return { created }
}
