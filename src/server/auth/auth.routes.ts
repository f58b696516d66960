import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** Build a Fetch API Request from a Fastify request, for better-auth's handler. */
export function toWebRequest(request: FastifyRequest, baseUrl: string): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value))
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined
  return new Request(new URL(request.url, baseUrl), {
    method: request.method,
    headers,
    ...(hasBody ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) } : {}),
  })
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status)
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  return reply.send(response.body ? await response.text() : null)
}

/** better-auth behind /api/auth/*. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  const { auth, config } = app.services
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request, config.appUrl))
      return sendWebResponse(reply, response)
    },
  })
}
