// Calls the specs make to the test server's API directly (set-up and checks, not what is under test).
import { graphqlAs } from './accounts.ts'
import { baseUrl } from './fixtures.ts'

/** A GraphQL call as the holder of `token`, named after the operation in the document. */
export async function gqlAs<T>(token: string, query: string, variables: Record<string, unknown> = {}) {
  const operationName = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'Op'
  return graphqlAs<T>(baseUrl, token, { operationName, query, variables })
}

/** Ask `probe` every 250 ms until it answers something. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
