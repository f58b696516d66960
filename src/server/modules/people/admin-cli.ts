import { isAppError } from '#core/errors.ts'
import { ConfigError, loadConfig } from '#server/config/env.ts'
import { createServices } from '#server/services.ts'
import { grantRoleFromConsole } from './grant-role-from-console.ts'

// `npm run admin -- grant <role> <email>`: the operator's way in (works in production, on either
// database engine). See README "Production".

const USAGE =
  'Usage: npm run admin -- grant <role> <email>\n  e.g. npm run admin -- grant superAdmin chair@society.org'

const [command, role, email] = process.argv.slice(2)
if (command !== 'grant' || !role || !email) {
  console.error(USAGE)
  process.exit(2)
}

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const built = await createServices(config)
try {
  const grant = await grantRoleFromConsole(built.services, { role, email })
  console.log(
    `${grant.created ? 'Created the account' : 'Found the account'} ${grant.email}; it holds ${grant.role}.`,
  )
  console.log(`One-time sign-in link (works once, for 1 hour):\n${grant.link}`)
} catch (error) {
  if (isAppError(error)) {
    console.error(error.message)
    process.exitCode = 1
  } else {
    throw error
  }
} finally {
  await built.close()
}
