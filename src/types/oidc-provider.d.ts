// oidc-provider ships no types; the tests use a small part of it.
declare module 'oidc-provider' {
  import type { Server } from 'node:http'
  interface Account {
    accountId: string
    claims: () => Promise<Record<string, unknown>>
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: Record<string, unknown> & {
        findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined>
      },
    )
    listen(port: number): Server
    on(event: string, listener: (...args: unknown[]) => void): this
  }
}
