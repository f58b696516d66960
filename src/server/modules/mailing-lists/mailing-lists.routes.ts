import type { FastifyInstance } from 'fastify'
import { issueChallenge } from './challenge.ts'
import { confirmSubscription } from './confirm-subscription.ts'
import { publicLists } from './mailing-lists.queries.ts'
import { subscribe } from './subscribe.ts'
import { describeUnsubscribe, unsubscribe } from './unsubscribe.ts'

/**
 * The public side of mailing lists (decision 0023), for the widget and the links in emails: no
 * sign-in. `POST /api/mailing-lists/unsubscribe/:token` is the RFC 8058 one-click URL mail
 * providers call with `List-Unsubscribe=One-Click` as a form body.
 */
export async function registerMailingListRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async function mailingListRoutes(scope) {
    // Mail providers post a form body (urlencoded or multipart); it carries nothing we need.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      (_request, _payload, done) => done(null),
    )
    const noStore = { 'cache-control': 'no-store' }

    scope.get('/api/mailing-lists/public', async (request, reply) =>
      reply.headers(noStore).send({ lists: await publicLists(request.ctx) }),
    )
    scope.get<{ Params: { slug: string } }>('/api/mailing-lists/public/:slug', async (request, reply) =>
      reply.headers(noStore).send({ lists: await publicLists(request.ctx, request.params.slug) }),
    )
    scope.get('/api/mailing-lists/challenge', async (request, reply) =>
      reply.headers(noStore).send(await issueChallenge(request.ctx)),
    )
    scope.post('/api/mailing-lists/subscribe', async (request, reply) =>
      reply
        .status(202)
        .headers(noStore)
        .send(await subscribe(request.ctx, request.body, request.ip)),
    )
    scope.post<{ Params: { token: string } }>('/api/mailing-lists/confirm/:token', async (request, reply) =>
      reply.headers(noStore).send(await confirmSubscription(request.ctx, request.params.token)),
    )
    scope.get<{ Params: { token: string } }>(
      '/api/mailing-lists/unsubscribe/:token',
      async (request, reply) =>
        reply.headers(noStore).send(await describeUnsubscribe(request.ctx, request.params.token)),
    )
    scope.post<{ Params: { token: string } }>(
      '/api/mailing-lists/unsubscribe/:token',
      async (request, reply) =>
        reply.headers(noStore).send(await unsubscribe(request.ctx, request.params.token)),
    )
  })
}
