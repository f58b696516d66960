import type { ToastPosition } from 'react-hot-toast'

/** Toasts stay for 10 s in the layout, whatever their type (spec §9). */
export const TOAST_DURATION_MS = 10_000
/** Under this width the layout is "mobile" (spec §9). */
export const LAYOUT_BREAKPOINT_PX = 768

/** Toasts sit top-center on small screens and top-right on larger ones (spec §2 Layout). */
export function toastPosition(viewportWidth: number): ToastPosition {
  return viewportWidth >= LAYOUT_BREAKPOINT_PX ? 'top-right' : 'top-center'
}
