import { useLayoutEffect, useState } from 'react'

/**
 * Rows as cards when a table is wider than its box (issue 29: no admin table scrolls sideways).
 * The frame's ref goes on the box around the table; `cards` turns true as soon as the table needs
 * more than the box's width, and back to false once the box is as wide as the table needed, so a
 * table shows as a table wherever it fits and as cards wherever it would have scrolled. The width is
 * watched (a window resized, a sidebar folded) and so is the table (rows loaded, a longer name).
 */
export function useCardsWhenTooWide(enabled = true): {
  frameRef: (frame: HTMLElement | null) => void
  cards: boolean
} {
  const [frame, setFrame] = useState<HTMLElement | null>(null)
  // While cards are shown: the width the table needed when it last did not fit.
  const [needed, setNeeded] = useState<number | null>(null)

  useLayoutEffect(() => {
    if (!enabled || !frame) return
    const table = frame.querySelector('table')
    if (!table) return
    const check = () => {
      const box = frame.clientWidth
      setNeeded((current) => {
        if (current !== null) return box >= current ? null : current
        return table.scrollWidth > box ? table.scrollWidth : null
      })
    }
    check()
    const observer = new ResizeObserver(check)
    observer.observe(frame)
    observer.observe(table)
    return () => observer.disconnect()
  }, [enabled, frame])

  return { frameRef: setFrame, cards: enabled && needed !== null }
}
