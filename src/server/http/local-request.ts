import type { FastifyRequest } from 'fastify'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Whether the request comes from the machine the server runs on (after TRUST_PROXY has named the
 * client). The demo panel and the local mail inbox are shown to such requests only, so nobody else on
 * the same network can read the demo password or a sign-in link.
 */
export function isSameMachine(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.ip) || request.ip.startsWith('127.')
}
