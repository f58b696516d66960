import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A modal dialog on the native `<dialog>`: `showModal()` makes the page behind inert (so focus stays
 * inside), Escape closes it, it is labelled by its heading, and focus returns to where it was.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string
  onClose: () => void
  children: ReactNode
  wide?: boolean
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    const onCancel = (event: Event) => {
      event.preventDefault()
      close.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close()
      returnTo?.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto max-h-[90dvh] w-[calc(100%-1.5rem)] overflow-y-auto rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50 ${wide ? 'max-w-3xl' : 'max-w-lg'}`}
    >
      <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-brand-100 bg-white px-4 py-3 sm:px-6">
        <h2 id={titleId} className="text-lg font-bold text-brand-950">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => close.current()}
          aria-label="Close"
          className="rounded-lg p-1 text-slate-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="px-4 py-4 sm:px-6">{children}</div>
    </dialog>
  )
}
