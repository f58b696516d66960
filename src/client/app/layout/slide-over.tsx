import { useEffect, useRef, type ReactNode, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  )
}

/**
 * A modal panel sliding in from the left (the sidebar under 768 px). Focus moves into it and stays
 * there (Tab and Shift+Tab wrap around), Escape or the backdrop closes it, and focus goes back to
 * `returnFocusTo` when it closes. The page behind must be made `inert` by the caller.
 */
export function SlideOver({
  label,
  onClose,
  returnFocusTo,
  children,
}: {
  label: string
  onClose: () => void
  returnFocusTo: RefObject<HTMLElement | null>
  children: ReactNode
}) {
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  useEffect(() => {
    const container = panel.current
    if (!container) return
    const first = container.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(container)[0]
    first?.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close.current()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = focusableIn(container)
      if (focusable.length === 0) {
        event.preventDefault()
        return
      }
      const active = document.activeElement
      const inside = active instanceof Node && container.contains(active)
      const firstItem = focusable[0]!
      const lastItem = focusable[focusable.length - 1]!
      if (event.shiftKey && (!inside || active === firstItem)) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (!inside || active === lastItem)) {
        event.preventDefault()
        firstItem.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    const returnTo = returnFocusTo.current
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = overflow
      // NOTE: after the commit that removed the panel, so the page is no longer inert. A navigation
      // from inside moves focus on to the new page afterwards (app-root.tsx).
      returnTo?.focus()
    }
  }, [returnFocusTo])

  return (
    <div className="fixed inset-0 z-50">
      <div
        aria-hidden="true"
        className="fade-in absolute inset-0 bg-slate-950/40"
        onClick={() => onClose()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="slide-in absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        {children}
      </div>
    </div>
  )
}
