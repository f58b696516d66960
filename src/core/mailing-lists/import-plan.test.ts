import { describe, expect, it } from 'vitest'
import { importPlan, parseSubscriberCsv } from './import-plan.ts'
import { botVerdict, confirmationUsable, MIN_FILL_MS } from './mailing-list.ts'

describe('subscriber CSV', () => {
  it('reads quoted fields, lower-cases emails and defaults the status to subscribed', () => {
    const { rows, problems } = parseSubscriberCsv('\uFEFFEmail,Name\n" Ann@Example.com ","Ann, A"\n')
    expect(problems).toEqual([])
    expect(rows).toEqual([{ line: 2, email: 'ann@example.com', name: 'Ann, A', status: 'subscribed' }])
  })

  it('names every bad row by its line and plans nothing then', () => {
    const plan = importPlan(
      'email,status\na@x.org,subscribed\nnope,subscribed\nb@x.org,maybe\na@x.org,\n',
      [],
    )
    expect(plan.problems.map((p) => p.line)).toEqual([3, 4, 5])
    expect(plan.changes).toEqual([])
  })

  it('refuses a file without an email column', () => {
    expect(importPlan('name\nAnn\n', []).problems[0]!.line).toBe(1)
  })

  it('never re-subscribes an unsubscribed address', () => {
    const plan = importPlan(
      'email,name,status\nu@x.org,,subscribed\nn@x.org,New,subscribed\ns@x.org,Sam,subscribed\n',
      [
        { email: 'u@x.org', name: 'U', status: 'unsubscribed' },
        { email: 's@x.org', name: 'Sam', status: 'subscribed' },
      ],
    )
    expect(plan.changes.map((c) => [c.email, c.action, c.status])).toEqual([
      ['u@x.org', 'keep-unsubscribed', 'unsubscribed'],
      ['n@x.org', 'add', 'subscribed'],
      ['s@x.org', 'unchanged', 'subscribed'],
    ])
  })
})

describe('anti-bot rules', () => {
  it('catches a filled honeypot and a form posted too fast', () => {
    expect(botVerdict({ honeypot: 'x', formShownAt: 0, now: 10_000 })).toBe('honeypot')
    expect(botVerdict({ honeypot: '', formShownAt: 0, now: MIN_FILL_MS - 1 })).toBe('too-fast')
    expect(botVerdict({ honeypot: ' ', formShownAt: 0, now: MIN_FILL_MS })).toBe('ok')
  })

  it('uses a confirmation once, before it expires', () => {
    const now = new Date('2026-01-08T00:00:00Z')
    expect(confirmationUsable({ expiresAt: new Date('2026-01-09'), usedAt: null }, now)).toBe('ok')
    expect(confirmationUsable({ expiresAt: new Date('2026-01-09'), usedAt: now }, now)).toBe('used')
    expect(confirmationUsable({ expiresAt: now, usedAt: null }, now)).toBe('expired')
  })
})
