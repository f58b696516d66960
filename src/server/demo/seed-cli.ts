import { loadConfig } from '#server/config/env.ts'
import { createServices } from '#server/services.ts'
import { DEMO_PASSWORD, seedDemo } from './demo.ts'

const config = loadConfig()
if (config.isProduction) {
  console.error('Refusing to seed demo data with NODE_ENV=production.')
  process.exit(1)
}
const built = await createServices(config)
const { created } = await seedDemo(built.services)
await built.close()
console.log(
  created.length
    ? `Demo society created: ${created.join(', ')} (password: ${DEMO_PASSWORD})`
    : 'Demo society already present: nothing changed.',
)
