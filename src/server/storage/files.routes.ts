// PLACEHOLDER: replaced by the file routes (upload, signed download with Range).
import type { FastifyInstance } from 'fastify'

export async function registerFileRoutes(_app: FastifyInstance): Promise<void> {}
