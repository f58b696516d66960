import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/demo/demo.ts'
import { buildServer } from '#server/testing/processes.ts'
import { signIn, type DemoTestAccount } from './accounts.ts'
import { startMailCatcher, type MailCatcher } from './mail-server.ts'
import { freePort, startServer, type RunningServer } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e server listens, e.g. http://127.0.0.1:41234 (also its APP_URL). */
    baseUrl: string
    /** Every demo account the server seeded, one per role and plain members. */
    demoAccounts: DemoTestAccount[]
    /**
     * A session cookie for each demo account, by email, signed in once for the whole run (sign-in is
     * rate limited; support/session.ts puts these in the browser). Never sign one of them out.
     */
    demoSessions: Record<string, string>
    /** Where the test SMTP server writes each message it receives, one .eml file each (support/mail.ts). */
    mailDir: string
  }
}

/** The server seeds the demo accounts at start in demo mode; make sure it did before any test runs. */
async function expectDemoMode(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth-config`)
  const config = (await response.json()) as { demo: { accounts: { email: string }[] } | null }
  if (!config.demo)
    throw new Error('The e2e server is not in demo mode, so it has no demo accounts to sign in with.')
  const missing = DEMO_ACCOUNTS.filter((a) => !config.demo?.accounts.some((b) => b.email === a.email))
  if (missing.length) throw new Error(`Demo accounts missing: ${missing.map((a) => a.email).join(', ')}`)
}

/**
 * Start the real server on a free port with a fresh embedded database for the whole e2e run. It
 * runs in demo mode, so the demo accounts (one per role) exist; stop it and delete its data after.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The server runs compiled, as production does; compile it from the sources of this run.
  buildServer()
  const started = Date.now()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-e2e-'))
  let server: RunningServer | undefined
  // NOTE: a real SMTP server, so mail leaves through the outbox as in production; the outbox rows stay
  // readable by superAdmins (support/auth.ts waitForMail), and support/mail.ts reads the delivered copies.
  let mail: MailCatcher | undefined
  try {
    mail = await startMailCatcher(path.join(dataDir, 'mail'))
    server = await startServer({ dataDir, port: await freePort(), smtpUrl: mail.url })
    await expectDemoMode(server.baseUrl)
  } catch (error) {
    await server?.stop()
    await mail?.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  console.log(`e2e server ready at ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  const demoAccounts = DEMO_ACCOUNTS.map(({ email, name, roles }) => ({
    email,
    name,
    roles: [...roles],
    password: DEMO_PASSWORD,
  }))
  const demoSessions: Record<string, string> = {}
  try {
    for (const account of demoAccounts) demoSessions[account.email] = await signIn(server.baseUrl, account)
  } catch (error) {
    await server.stop()
    await mail.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  project.provide('baseUrl', server.baseUrl)
  project.provide('mailDir', mail.dir)
  project.provide('demoAccounts', demoAccounts)
  project.provide('demoSessions', demoSessions)

  const running = server
  const catcher = mail
  return async () => {
    await running.stop()
    await catcher.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
