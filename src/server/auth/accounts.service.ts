import { eq } from 'drizzle-orm'
import type { Role } from '#core/auth/roles.ts'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import type { Auth } from './auth.ts'

export interface NewAccount {
  email: string
  name: string
  /** The password, or its hash from `hashPassword` when several accounts share one. */
  password: string | { hash: string }
  roles?: Role[]
  emailVerified?: boolean
}

/** Hash a password with better-auth's own hasher (scrypt). */
export async function hashPassword(auth: Auth, password: string): Promise<string> {
  return (await auth.$context).password.hash(password)
}

/**
 * Create an email + password account directly (no sign-up email, no rate limit): for the demo
 * seed and tests. The password is hashed by better-auth's own hasher.
 */
export async function createAccount(deps: { auth: Auth; db: Db }, account: NewAccount): Promise<string> {
  const ctx = await deps.auth.$context
  const email = account.email.toLowerCase()
  const user = await ctx.internalAdapter.createUser(
    {
      email,
      name: account.name,
      emailVerified: account.emailVerified ?? true,
    },
    { method: 'email-password' },
  )
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password:
      typeof account.password === 'string'
        ? await ctx.password.hash(account.password)
        : account.password.hash,
  })
  if (account.roles?.length) {
    await deps.db.update(users).set({ roles: account.roles }).where(eq(users.id, user.id))
  }
  return user.id
}
