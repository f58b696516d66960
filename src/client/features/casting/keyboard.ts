/** What the detail page's keyboard shortcuts need to know of a keydown. */
export interface KeyInput {
  key: string
  altKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  shiftKey?: boolean
  /** The focused element's tag name (`INPUT`, `TEXTAREA`, …), upper or lower case. */
  targetTag?: string | null
  targetEditable?: boolean
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT'])

/**
 * Move through applicants with J/→ (next) and K/← (previous), unless focus is in a field (where
 * those keys type or move a choice) or a modifier is held (browser and screen-reader shortcuts).
 */
export function applicantStep(input: KeyInput): 'next' | 'previous' | null {
  if (input.altKey || input.ctrlKey || input.metaKey || input.shiftKey) return null
  if (input.targetEditable) return null
  if (input.targetTag && TYPING_TAGS.has(input.targetTag.toUpperCase())) return null
  switch (input.key) {
    case 'j':
    case 'J':
    case 'ArrowRight':
      return 'next'
    case 'k':
    case 'K':
    case 'ArrowLeft':
      return 'previous'
    default:
      return null
  }
}

/** applicantStep for a DOM keyboard event. */
export function applicantStepOf(event: KeyboardEvent): 'next' | 'previous' | null {
  const target = event.target as HTMLElement | null
  return applicantStep({
    key: event.key,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    targetTag: target?.tagName ?? null,
    targetEditable: target?.isContentEditable ?? false,
  })
}
