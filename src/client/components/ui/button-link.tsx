import { Link, type LinkProps } from 'react-router'

export type ButtonVariant = 'primary' | 'secondary'

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-(--society-accent) text-white shadow-sm hover:brightness-90',
  secondary: 'bg-white text-brand-800 ring-1 ring-brand-300 ring-inset hover:bg-brand-50',
}

/** Shared look of buttons and button-like links (spec §9: primary and secondary, fixed or adaptive width). */
export function buttonClasses(
  variant: ButtonVariant = 'primary',
  width: 'fixed' | 'adaptive' = 'adaptive',
): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors',
    width === 'fixed' ? 'w-48' : 'w-auto',
    VARIANTS[variant],
  ].join(' ')
}

/** A router link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  width = 'adaptive',
  className = '',
  ...props
}: LinkProps & { variant?: ButtonVariant; width?: 'fixed' | 'adaptive' }) {
  return <Link {...props} className={`${buttonClasses(variant, width)} ${className}`} />
}
