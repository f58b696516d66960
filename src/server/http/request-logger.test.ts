import { Writable } from 'node:stream'
import Fastify from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { lazyRequestLogger } from './request-logger.ts'

/** A Fastify app whose logger writes JSON lines into `lines`, with the lazy request logger. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line))
      done()
    },
  })
  const loggerInstance = pino({ level }, stream)
  let children = 0
  const child = loggerInstance.child
  loggerInstance.child = function (this: typeof loggerInstance, ...args: Parameters<typeof child>) {
    children++
    return child.apply(this, args)
  } as typeof child
  const app = Fastify({ loggerInstance, childLoggerFactory: lazyRequestLogger, disableRequestLogging: true })
  app.get('/quiet', async (request) => {
    request.log.info('an info line')
    request.log.debug({ detail: 1 }, 'a debug line')
    return { ok: true }
  })
  app.get('/loud', async (request) => {
    request.log.warn({ code: 'X' }, 'a warning')
    request.log.child({ part: 'inner' }).error('an inner error')
    return { ok: true }
  })
  await app.ready()
  const atStart = children
  return { app, lines, children: () => children - atStart }
}

describe('the lazy request logger', () => {
  it('writes nothing and makes no pino child for lines below the level', async () => {
    const { app, lines, children } = await appLogging('warn')
    const res = await app.inject({ method: 'GET', url: '/quiet' })
    expect(res.statusCode).toBe(200)
    expect(lines).toEqual([])
    expect(children()).toBe(0)
    await app.close()
  })

  it('writes lines at the level with the request id bound, and children carry it too', async () => {
    const { app, lines, children } = await appLogging('warn')
    const res = await app.inject({ method: 'GET', url: '/loud', headers: { 'x-request-id': 'abc' } })
    expect(res.statusCode).toBe(200)
    expect(lines.map((l) => [l.msg, l.reqId, l.code ?? l.part])).toEqual([
      ['a warning', 'req-1', 'X'],
      ['an inner error', 'req-1', 'inner'],
    ])
    // One for the request, made at its first line, and the one it was asked for.
    expect(children()).toBe(2)
    await app.close()
  })

  it('follows the level: at info the info line is written, at debug the debug line too', async () => {
    for (const [level, expected] of [
      ['info', ['an info line']],
      ['debug', ['an info line', 'a debug line']],
    ] as const) {
      const { app, lines } = await appLogging(level)
      await app.inject({ method: 'GET', url: '/quiet' })
      expect(lines.map((l) => l.msg)).toEqual(expected)
      expect(new Set(lines.map((l) => l.reqId))).toEqual(new Set(['req-1']))
      await app.close()
    }
  })
})
