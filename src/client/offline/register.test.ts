import { describe, expect, it } from 'vitest'
import type { AuthEvent, AuthState } from '../lib/auth/session.ts'
import { keptSessionOf } from '../sw/offline-rules.ts'
import { offerSessionToWorker, type WorkerContainer } from './register.ts'

const member = { id: 'u1', email: 'm@example.org', name: 'Mem Ber', image: null, roles: ['member'] }

/** A session the test moves by hand, and the worker container's part the offer uses. */
function setUp(start: AuthState) {
  let state = start
  const listeners = new Set<(event: AuthEvent, state: AuthState) => void>()
  const auth = {
    getState: () => state,
    getToken: () => Promise.resolve(state.status === 'authenticated' ? `token-of-${state.user.id}` : null),
    onEvent(listener: (event: AuthEvent, state: AuthState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const posted: unknown[] = []
  const events = new EventTarget()
  const container: WorkerContainer & { controller: WorkerContainer['controller'] } = {
    controller: null,
    addEventListener: (type, listener) => events.addEventListener(type, listener),
    removeEventListener: (type, listener) => events.removeEventListener(type, listener),
  }
  const worker = { postMessage: (message: unknown) => void posted.push(message) }
  const stop = offerSessionToWorker(auth, container)
  return {
    posted,
    stop,
    /** The worker takes control of the page. */
    control() {
      container.controller = worker
      events.dispatchEvent(new Event('controllerchange'))
    },
    move(next: AuthState, event: AuthEvent) {
      state = next
      for (const listener of listeners) listener(event, state)
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('offerSessionToWorker (issue 32)', () => {
  it('tells a worker that takes control after the sign-in who is signed in', async () => {
    const page = setUp({ status: 'loading', user: null })
    page.move({ status: 'authenticated', user: member }, 'SIGNED_IN')
    await settle()
    expect(page.posted).toEqual([])
    page.control()
    await settle()
    expect(page.posted).toHaveLength(1)
    expect(JSON.parse(keptSessionOf(page.posted[0]) ?? 'null')).toEqual({
      token: 'token-of-u1',
      user: member,
    })
    page.stop()
  })

  it('tells the worker in control of a sign-in and a new token, and nothing once signed out', async () => {
    const page = setUp({ status: 'anonymous', user: null })
    page.control()
    await settle()
    expect(page.posted).toEqual([])
    page.move({ status: 'authenticated', user: member }, 'SIGNED_IN')
    page.move({ status: 'authenticated', user: member }, 'TOKEN_REFRESHED')
    await settle()
    expect(page.posted).toHaveLength(2)
    page.move({ status: 'anonymous', user: null }, 'SIGNED_OUT')
    await settle()
    expect(page.posted).toHaveLength(2)
    page.stop()
  })
})
