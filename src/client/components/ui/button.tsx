import { LoaderCircle } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'
import { buttonClasses, type ButtonVariant } from './button-link.tsx'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  width?: 'fixed' | 'adaptive' | 'full'
  /**
   * Shows a spinner and ignores clicks while the action runs. NOTE: aria-disabled, not disabled, so
   * the button keeps keyboard focus and screen readers hear that it is busy.
   */
  pending?: boolean
}

/** A button with the shared look (spec §9: primary and secondary, fixed or adaptive width). */
export function Button({
  variant = 'primary',
  width = 'adaptive',
  pending = false,
  type = 'button',
  className = '',
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={pending || props['aria-disabled'] ? true : undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
      className={`${buttonClasses(variant, width === 'full' ? 'adaptive' : width)} ${width === 'full' ? 'w-full' : ''} disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-80 ${className}`}
    >
      {pending ? <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" /> : null}
      {children}
    </button>
  )
}
