import { describe, expect, it } from 'vitest'
import {
  adjacentNumber,
  announcementFor,
  clampSpeed,
  clampTime,
  formatSpeed,
  formatTime,
  initialPart,
  loopJump,
  NO_LOOP,
  positionText,
  setLoopA,
  setLoopB,
  shortcutFor,
  stepSpeed,
  trackFor,
} from './player.ts'

describe('time text', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [83, '1:23'],
    [300, '5:00'],
    [3723, '1:02:03'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
    [-4, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text)
  })

  it('reads the slider position as "1:23 of 5:00"', () => {
    expect(positionText(83.4, 300)).toBe('1:23 of 5:00')
  })
})

describe('speed', () => {
  it.each([
    [0.75, 0.75],
    [0.2, 0.5],
    [2, 1.5],
    [0.7499999, 0.75],
    [1.03, 1.05],
    [Number.NaN, 1],
  ])('clamps %s to %s', (speed, expected) => {
    expect(clampSpeed(speed)).toBe(expected)
  })

  it('steps by 0.05 within 0.5–1.5 and without drift', () => {
    let speed = 1
    for (let i = 0; i < 5; i++) speed = stepSpeed(speed, -1)
    expect(speed).toBe(0.75)
    expect(stepSpeed(0.5, -1)).toBe(0.5)
    expect(stepSpeed(1.5, 1)).toBe(1.5)
    expect(stepSpeed(1, 1, 0.25)).toBe(1.25)
    expect(formatSpeed(0.75)).toBe('0.75×')
    expect(formatSpeed(1)).toBe('1×')
  })

  it('keeps seek targets inside the track', () => {
    expect(clampTime(-3, 300)).toBe(0)
    expect(clampTime(305, 300)).toBe(300)
    expect(clampTime(12, Number.NaN)).toBe(12)
  })
})

describe('A–B loop', () => {
  it('loops back to A once playback reaches B', () => {
    const loop = setLoopB(setLoopA(NO_LOOP, 10), 20)
    expect(loop).toEqual({ a: 10, b: 20 })
    expect(loopJump(loop, 15)).toBeNull()
    expect(loopJump(loop, 20)).toBe(10)
    expect(loopJump(loop, 20.3)).toBe(10)
  })

  it('does nothing until both points are set', () => {
    expect(loopJump(setLoopA(NO_LOOP, 10), 50)).toBeNull()
    expect(loopJump(NO_LOOP, 50)).toBeNull()
  })

  it('swaps B before A, drops a B before a new A, and treats B alone as a loop from the start', () => {
    expect(setLoopB(setLoopA(NO_LOOP, 30), 10)).toEqual({ a: 10, b: 30 })
    expect(setLoopA({ a: 10, b: 20 }, 25)).toEqual({ a: 25, b: null })
    expect(setLoopA({ a: 10, b: 20 }, 5)).toEqual({ a: 5, b: 20 })
    expect(setLoopB(NO_LOOP, 40)).toEqual({ a: 0, b: 40 })
    expect(setLoopB({ a: 10, b: null }, 10)).toEqual({ a: 10, b: null })
  })
})

describe('choosing a track', () => {
  const tracks = [
    { id: 'alto-1', numberId: 'n1', part: 'Alto' },
    { id: 'all-1', numberId: 'n1', part: null },
    { id: 'all-2', numberId: 'n2', part: null },
  ]

  it("plays the part's own track, else the one for everyone", () => {
    expect(trackFor(tracks, 'n1', 'Alto')?.id).toBe('alto-1')
    expect(trackFor(tracks, 'n1', 'Bass')?.id).toBe('all-1')
    expect(trackFor(tracks, 'n2', 'Alto')?.id).toBe('all-2')
    expect(trackFor(tracks, 'n3', 'Alto')).toBeUndefined()
  })

  it("preselects the member's part when the event has it", () => {
    expect(initialPart(['Soprano', 'Alto'], 'Alto', tracks)).toBe('Alto')
    expect(initialPart(['Soprano', 'Alto'], 'Baritone', tracks)).toBe('Alto')
    expect(initialPart(['Soprano'], null, [])).toBe('Soprano')
    expect(initialPart([], null, [])).toBeNull()
  })

  it('moves to the next and previous number, stopping at the ends', () => {
    expect(adjacentNumber(['n1', 'n2', 'n3'], 'n2', 1)).toBe('n3')
    expect(adjacentNumber(['n1', 'n2', 'n3'], 'n2', -1)).toBe('n1')
    expect(adjacentNumber(['n1', 'n2'], 'n2', 1)).toBeNull()
    expect(adjacentNumber(['n1', 'n2'], 'n1', -1)).toBeNull()
  })
})

describe('keyboard shortcuts', () => {
  const body = { tagName: 'BODY' }
  it.each([
    [' ', 'togglePlay'],
    ['ArrowLeft', 'seekBackward'],
    ['ArrowRight', 'seekForward'],
    ['[', 'slower'],
    [']', 'faster'],
    ['a', 'setA'],
    ['A', 'setA'],
    ['b', 'setB'],
    ['n', 'nextNumber'],
    ['P', 'previousNumber'],
    ['x', null],
    ['Enter', null],
  ])('%j → %s', (key, action) => {
    expect(shortcutFor({ key, target: body })).toBe(action)
  })

  it('stays out of the way while typing, with modifiers, and of native button and slider keys', () => {
    expect(shortcutFor({ key: 'a', target: { tagName: 'INPUT', type: 'text' } })).toBeNull()
    expect(shortcutFor({ key: 'n', target: { tagName: 'INPUT' } })).toBeNull()
    expect(shortcutFor({ key: ' ', target: { tagName: 'TEXTAREA' } })).toBeNull()
    expect(shortcutFor({ key: 'p', target: { tagName: 'SELECT' } })).toBeNull()
    expect(shortcutFor({ key: 'b', target: { tagName: 'DIV', isContentEditable: true } })).toBeNull()
    expect(shortcutFor({ key: 'a', ctrlKey: true, target: body })).toBeNull()
    expect(shortcutFor({ key: '[', metaKey: true, target: body })).toBeNull()
    expect(shortcutFor({ key: ' ', target: { tagName: 'BUTTON' } })).toBeNull()
    expect(shortcutFor({ key: 'n', target: { tagName: 'BUTTON' } })).toBe('nextNumber')
    expect(shortcutFor({ key: 'ArrowLeft', target: { tagName: 'INPUT', type: 'range' } })).toBeNull()
    expect(shortcutFor({ key: ' ', target: { tagName: 'INPUT', type: 'range' } })).toBe('togglePlay')
    expect(shortcutFor({ key: 'a', target: { tagName: 'INPUT', type: 'range' } })).toBe('setA')
    expect(shortcutFor({ key: ' ', target: null })).toBe('togglePlay')
  })
})

describe('screen-reader announcements', () => {
  it('says what changed: play, pause, end, speed and position', () => {
    expect(announcementFor({ kind: 'play' })).toBe('Playing')
    expect(announcementFor({ kind: 'pause' })).toBe('Paused')
    expect(announcementFor({ kind: 'ended' })).toBe('Finished')
    expect(announcementFor({ kind: 'speed', speed: 0.75 })).toBe('Speed 0.75×')
    expect(announcementFor({ kind: 'seek', current: 83, duration: 300 })).toBe('At 1:23 of 5:00')
  })
})
