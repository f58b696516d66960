import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Services } from '#server/services.ts'

/** What every resolver receives: who is asking, and the services that own the data. */
export interface GraphQLContext extends Services {
  viewer: Viewer | null
  requestId: string
  /** Present for HTTP requests, absent for subscriptions over WebSocket. */
  request?: FastifyRequest
  reply?: FastifyReply
}
