import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PubSub } from 'mercurius'
import type { RequestContext } from '#server/context.ts'
import type { Topics } from '#server/realtime/topics.ts'

/**
 * What every resolver receives: the request's context (who is asking, request id, clock, services),
 * and Mercurius' typed pubsub for subscriptions.
 */
export interface GraphQLContext extends RequestContext {
  /** Present for HTTP requests, absent for subscriptions over WebSocket. */
  request?: FastifyRequest
  reply?: FastifyReply
  /** Added by Mercurius; `subscribe` is typed by the realtime topic map. */
  pubsub: PubSub<Topics>
}
