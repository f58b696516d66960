import type { FastifyRequest } from 'fastify'

/** A Fastify request's headers as Fetch API Headers. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : String(value))
  }
  return headers
}

/**
 * Build a Fetch API Request from a Fastify request, for better-auth's handler; `as` re-targets it
 * (another method and URL, same caller).
 */
export function toWebRequest(
  request: FastifyRequest,
  baseUrl: string,
  as: { method: string; url: string } = { method: request.method, url: request.url },
): Request {
  const headers = webHeaders(request)
  // NOTE: the client address as Fastify resolved it (trustProxy decides whether a proxy's
  // X-Forwarded-For counts), never the raw header a client could forge to dodge rate limits.
  headers.set('x-forwarded-for', request.ip)
  const hasBody = as.method !== 'GET' && as.method !== 'HEAD' && request.body !== undefined
  if (!hasBody) headers.delete('content-type')
  return new Request(new URL(as.url, baseUrl), {
    method: as.method,
    headers,
    ...(hasBody
      ? { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }
      : {}),
  })
}

/** The bearer token of an `Authorization` header value, if it is one. */
export function bearerToken(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^Bearer\s+(.+)$/i.exec(value.trim())
  return match?.[1]
}
