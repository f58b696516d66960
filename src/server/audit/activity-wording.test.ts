import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { APPLICATION_ACTIONS } from '#core/applications/status.ts'
import { WORDED_ACTIONS } from '#core/audit/activity-wording.ts'
import { EVENT_VISIBILITIES } from '#core/events/event.ts'

/** Every `action: '…'` literal the server's production code writes (audit entries among them). */
function serverActionLiterals(): string[] {
  const root = path.resolve(import.meta.dirname, '..')
  const found = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8')
        for (const m of text.matchAll(/(?:action: |audit\w*\(\s*|ACTION = )'([a-zA-Z.-]+)'/g))
          found.add(m[1]!)
      }
    }
  }
  walk(root)
  return [...found]
}

describe('audit actions in words', () => {
  it('has a sentence for every audit action the server writes', () => {
    const written = [
      ...serverActionLiterals().filter((a) => a !== a.toUpperCase()),
      ...APPLICATION_ACTIONS.map((a) => `application.${a}`),
      ...EVENT_VISIBILITIES.map((v) => `event.visibility.${v}`),
      'payment.record',
      'payment.refund',
      'tickets.payment',
      'tickets.refund',
      'user.role.renew',
      'user.role.revoke',
      'mailingList.subscriber.subscribe',
      'mailingList.subscriber.unsubscribe',
    ]
    expect(written.length).toBeGreaterThan(50)
    const missing = written.filter(
      (a) => !WORDED_ACTIONS.includes(a) && !WORDED_ACTIONS.includes(`application.${a}`),
    )
    expect(missing).toEqual([])
  })
})
