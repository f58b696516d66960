const SIZES = {
  /** Dense admin forms and filters. */
  sm: 'px-2.5 py-2 text-sm',
  md: 'px-3 py-2.5 text-base',
  /** Inline editors in a grid (part breakdown). */
  compact: 'px-2 py-1 text-base',
} as const

export type FieldSize = keyof typeof SIZES

/**
 * The look of a text input, select or textarea: one border, focus ring and invalid colour for every
 * form. Add the margin (and `font-mono`…) where the field sits.
 */
export function fieldClass(size: FieldSize = 'md', invalid = false): string {
  return `block w-full rounded-lg border bg-white text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 disabled:opacity-60 ${invalid ? 'border-red-600' : 'border-slate-400'} ${SIZES[size]}`
}
