import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * The headers helmet would set, worked out once. `@fastify/helmet` builds helmet again on every
 * request (parsing the CSP each time, about 4 % of a small answer's CPU; decision 0027); our policy
 * has no per-request part (no nonces), so the same headers are set from a frozen list instead.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  // NOTE: helmet seam: its middleware only calls setHeader/removeHeader, not all of ServerResponse.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return Object.freeze(headers)
}

/** Embeddable widgets are framed by other sites: their policy allows any ancestor, without X-Frame-Options. */
export function embeddableHeaders(
  headers: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const csp = headers['content-security-policy'] ?? ''
  return Object.freeze({
    ...headers,
    'content-security-policy': csp.replace("frame-ancestors 'none'", 'frame-ancestors *'),
  })
}

/**
 * What a JSON answer of the API needs of a page's headers (OWASP's REST Security Cheat Sheet): its
 * policy (nothing may frame or run it), no sniffing, its resource policy, no referrer, and HSTS. The
 * rest (opener and agent-cluster isolation, the DNS-prefetch, download and cross-domain-policy
 * switches, the retired XSS filter's) only mean something to a document; they were six of the
 * sixteen headers written and checked on every GraphQL answer (decision 0027).
 */
const ANSWER_HEADERS = new Set([
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
])

export function answerHeaders(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze(
    Object.fromEntries(Object.entries(headers).filter(([name]) => ANSWER_HEADERS.has(name))),
  )
}
