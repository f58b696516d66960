/**
 * The note-bashing player's rules, pure so they are tested without a browser: time text, speed,
 * the A–B loop, which track plays, and the keyboard shortcuts.
 */

export const MIN_SPEED = 0.5
export const MAX_SPEED = 1.5
/** `[` and `]` change the speed by this much; the preset buttons are 0.25 apart. */
export const SPEED_STEP = 0.05
export const SPEED_PRESETS = [0.5, 0.75, 1, 1.25, 1.5] as const
/** ← and → (and the lock screen's skip buttons) move this many seconds. */
export const SEEK_STEP_SECONDS = 5

/** 83 → "1:23"; 3723 → "1:02:03"; anything not a finite time → "0:00". */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** What a screen reader says for the seek slider: "1:23 of 5:00". */
export function positionText(current: number, duration: number): string {
  return `${formatTime(current)} of ${formatTime(duration)}`
}

/** A speed within 0.5–1.5×, on the 0.05 grid (so repeated steps do not drift: 0.7499999 → 0.75). */
export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1
  const snapped = Math.round(speed / SPEED_STEP) * SPEED_STEP
  return Number(Math.min(MAX_SPEED, Math.max(MIN_SPEED, snapped)).toFixed(2))
}

export function stepSpeed(speed: number, direction: 1 | -1, step = SPEED_STEP): number {
  return clampSpeed(speed + direction * step)
}

/** "0.75×" */
export function formatSpeed(speed: number): string {
  return `${Number(speed.toFixed(2))}×`
}

/** A seek target kept inside the track. */
export function clampTime(time: number, duration: number): number {
  if (!Number.isFinite(time) || time < 0) return 0
  return Number.isFinite(duration) && duration > 0 ? Math.min(time, duration) : time
}

/** The A–B loop: both points set means the player loops between them. */
export interface Loop {
  a: number | null
  b: number | null
}

export const NO_LOOP: Loop = { a: null, b: null }

/** Set A at `time`; a B at or before it is dropped (a loop runs forwards). */
export function setLoopA(loop: Loop, time: number): Loop {
  return { a: time, b: loop.b !== null && loop.b > time ? loop.b : null }
}

/** Set B at `time`; a B at or before A swaps them, so pressing them out of order still works. */
export function setLoopB(loop: Loop, time: number): Loop {
  if (loop.a === null) return { a: 0, b: time > 0 ? time : null }
  if (time === loop.a) return loop
  return time > loop.a ? { a: loop.a, b: time } : { a: time, b: loop.a }
}

export function loopActive(loop: Loop): loop is { a: number; b: number } {
  return loop.a !== null && loop.b !== null && loop.b > loop.a
}

/** Where to jump when playback reaches B (back to A), or null to keep playing. */
export function loopJump(loop: Loop, currentTime: number): number | null {
  if (!loopActive(loop)) return null
  return currentTime >= loop.b ? loop.a : null
}

export interface TrackChoice {
  id: string
  numberId: string
  part: string | null
}

/** The track for a number and part: the part's own, else the one for everyone, else none. */
export function trackFor<T extends TrackChoice>(
  tracks: readonly T[],
  numberId: string,
  part: string | null,
): T | undefined {
  const ofNumber = tracks.filter((t) => t.numberId === numberId)
  return (
    (part === null ? undefined : ofNumber.find((t) => t.part === part)) ??
    ofNumber.find((t) => t.part === null)
  )
}

/** The part to preselect: the member's own when the event has it, else the first with a track. */
export function initialPart(
  parts: readonly string[],
  myPart: string | null,
  tracks: readonly TrackChoice[],
): string | null {
  if (myPart && parts.includes(myPart)) return myPart
  const withTrack = parts.find((p) => tracks.some((t) => t.part === p))
  return withTrack ?? parts[0] ?? null
}

/** The number before or after `current` in running order, or null at either end. */
export function adjacentNumber(
  numberIds: readonly string[],
  current: string,
  direction: 1 | -1,
): string | null {
  const index = numberIds.indexOf(current)
  if (index === -1) return numberIds[0] ?? null
  return numberIds[index + direction] ?? null
}

export type PlayerAction =
  | 'togglePlay'
  | 'seekBackward'
  | 'seekForward'
  | 'slower'
  | 'faster'
  | 'setA'
  | 'setB'
  | 'nextNumber'
  | 'previousNumber'

/** The shortcuts, as the page lists them. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'Space', action: 'Play or pause' },
  { keys: '← / →', action: `Back or forward ${SEEK_STEP_SECONDS} seconds` },
  { keys: '[ / ]', action: `Slower or faster (${SPEED_STEP}× steps)` },
  { keys: 'A / B', action: 'Set loop start (A) or end (B)' },
  { keys: 'N / P', action: 'Next or previous number' },
]

const KEY_ACTIONS: Record<string, PlayerAction> = {
  ' ': 'togglePlay',
  ArrowLeft: 'seekBackward',
  ArrowRight: 'seekForward',
  '[': 'slower',
  ']': 'faster',
  a: 'setA',
  b: 'setB',
  n: 'nextNumber',
  p: 'previousNumber',
}

/** What a keydown sees of its target. */
export interface KeyTarget {
  tagName?: string
  type?: string
  isContentEditable?: boolean
}

export interface KeyInput {
  key: string
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
  target?: KeyTarget | null
}

const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color'])

function isTyping(target: KeyTarget | null | undefined): boolean {
  if (!target) return false
  if (target.isContentEditable) return true
  const tag = target.tagName?.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase())
}

/**
 * The action for a key, or null. Nothing while typing in a field or with Ctrl, ⌘ or Alt held (those
 * are the browser's); on a focused button Space presses the button and on a slider the arrows move
 * it, as they always do.
 */
export function shortcutFor(event: KeyInput): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  const target = event.target
  if (isTyping(target)) return null
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key
  const action = KEY_ACTIONS[key]
  if (!action) return null
  const tag = target?.tagName?.toUpperCase()
  const type = target?.type?.toLowerCase()
  if (action === 'togglePlay' && (tag === 'BUTTON' || tag === 'A' || (tag === 'INPUT' && type !== 'range')))
    return null
  if ((action === 'seekBackward' || action === 'seekForward') && tag === 'INPUT' && type === 'range')
    return null
  return action
}

/** A change a screen reader hears through the player's polite live region. */
export type PlayerChange =
  | { kind: 'play' | 'pause' | 'ended' }
  | { kind: 'speed'; speed: number }
  | { kind: 'seek'; current: number; duration: number }

/** "Playing", "Paused", "Speed 0.75×", "At 1:23 of 5:00". */
export function announcementFor(change: PlayerChange): string {
  switch (change.kind) {
    case 'play':
      return 'Playing'
    case 'pause':
      return 'Paused'
    case 'ended':
      return 'Finished'
    case 'speed':
      return `Speed ${formatSpeed(change.speed)}`
    case 'seek':
      return `At ${positionText(change.current, change.duration)}`
  }
}
