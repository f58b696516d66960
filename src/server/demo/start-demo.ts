import type { FastifyInstance } from 'fastify'
import { LOCKS, withStartupLock } from '#server/db/client.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts'

/**
 * Demo mode, started by `main.ts` (never by the app's own wiring): create the demo society if it is
 * missing, log its sign-in details, and let the login page offer the demo accounts.
 */
export async function startDemo(app: FastifyInstance): Promise<void> {
  const { services } = app
  const { created } = await withStartupLock(services.dbHandle, LOCKS.seed, () => seedDemo(services))
  if (created.length) {
    app.log.info(
      { accounts: created, password: DEMO_PASSWORD },
      `Demo society created. Sign in as any of ${created.join(', ')} with the password "${DEMO_PASSWORD}".`,
    )
  }
  services.demoPanel = {
    password: DEMO_PASSWORD,
    accounts: DEMO_ACCOUNTS.map(({ email, name, roles }) => ({ email, name, roles })),
  }
}
