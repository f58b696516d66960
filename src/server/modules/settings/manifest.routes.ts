import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { societySettingsOf } from './settings.queries.ts'
import { societyManifest } from './society-page.ts'

export const MANIFEST_PATH = '/manifest.webmanifest'

/**
 * `/manifest.webmanifest` from the settings, not the file the build wrote (which the static files
 * leave out): installing the app installs the society's name, colour and logo.
 */
export async function registerManifestRoute(app: FastifyInstance, clientDist: string): Promise<void> {
  const file = path.join(clientDist, 'manifest.webmanifest')
  const built = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null
  app.get(MANIFEST_PATH, async (request, reply) => {
    const society = await societySettingsOf(request.ctx.services)
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(societyManifest(built, society)))
  })
}
