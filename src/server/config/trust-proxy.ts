/** TRUST_PROXY as Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
}
