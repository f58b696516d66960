import { describe, expect, it } from 'vitest'
import {
  APPLICATION_STATUSES,
  FINAL_STATUSES,
  PLACE_HOLDING_STATUSES,
  type ApplicationStatus,
} from './status.ts'
import {
  applicationTypeLabel,
  humanizeTypeKey,
  STATUS_WORDING,
  statusLabel,
  statusTone,
  type StatusTone,
} from './status-wording.ts'

/** Written out independently of the table: member words, staff words, tone. */
const TABLE: [ApplicationStatus, string, string, StatusTone][] = [
  ['SUBMITTED', 'Applied', 'Submitted', 'pending'],
  ['WAITLISTED', 'On the waiting list', 'Waitlisted', 'waiting'],
  ['OFFERED', 'Offered a place', 'Offered', 'action'],
  ['CONFIRMED', 'Confirmed', 'Confirmed', 'positive'],
  ['PAID', 'Paid', 'Paid', 'positive'],
  ['DECLINED', 'Declined', 'Declined', 'ended'],
  ['REJECTED', 'Not successful', 'Rejected', 'ended'],
  ['EXPIRED', 'Offer expired', 'Offer expired', 'ended'],
  ['WITHDRAWN', 'Withdrawn', 'Withdrawn', 'ended'],
  ['CANCELLED', 'Cancelled', 'Cancelled', 'ended'],
]

describe('status wording', () => {
  it.each(TABLE)('%s reads "%s" to its member and "%s" to staff, tone %s', (status, member, staff, tone) => {
    expect(statusLabel(status, 'member')).toBe(member)
    expect(statusLabel(status, 'staff')).toBe(staff)
    expect(statusTone(status)).toBe(tone)
  })

  it('covers every status, and the table above does too', () => {
    expect(Object.keys(STATUS_WORDING).sort()).toEqual([...APPLICATION_STATUSES].sort())
    expect(TABLE.map(([status]) => status).sort()).toEqual([...APPLICATION_STATUSES].sort())
  })

  it.each(['member', 'staff'] as const)(
    'gives every status a different %s word, never the code',
    (audience) => {
      const words = APPLICATION_STATUSES.map((status) => statusLabel(status, audience))
      expect(new Set(words).size).toBe(APPLICATION_STATUSES.length)
      for (const [i, word] of words.entries()) {
        expect(word).not.toBe(APPLICATION_STATUSES[i])
        expect(word).not.toMatch(/^[A-Z_]+$/)
      }
    },
  )

  it('shows every final status as over, and every place-holding one as good news or a thing to do', () => {
    for (const status of FINAL_STATUSES) expect(statusTone(status)).toBe('ended')
    for (const status of PLACE_HOLDING_STATUSES) expect(['positive', 'action']).toContain(statusTone(status))
  })
})

describe('application type labels', () => {
  it.each([
    ['singer', 'Singer'],
    ['orchestra', 'Orchestra'],
    ['front-of-house', 'Front of house'],
    ['stage_crew', 'Stage crew'],
  ])('key %s in words reads %s', (key, label) => {
    expect(humanizeTypeKey(key)).toBe(label)
    expect(applicationTypeLabel(key)).toBe(label)
  })

  it("uses the event's own label, from a list or from the configuration's record", () => {
    expect(applicationTypeLabel('social', [{ key: 'social', label: 'Guest' }])).toBe('Guest')
    expect(applicationTypeLabel('social', { social: { label: 'Guest' } })).toBe('Guest')
  })

  it('falls back to the key in words when the event does not name it', () => {
    expect(applicationTypeLabel('stage_crew', [{ key: 'singer', label: 'Singer' }])).toBe('Stage crew')
    expect(applicationTypeLabel('stage_crew', { stage_crew: { label: ' ' } })).toBe('Stage crew')
    expect(applicationTypeLabel('stage_crew', null)).toBe('Stage crew')
  })
})
