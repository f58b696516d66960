import { createElement, type HTMLAttributes, type ReactNode } from 'react'

const PADDING = {
  none: '',
  /** Dense admin pages: filters, tables, capacity cards. */
  compact: 'p-4 sm:p-6',
  normal: 'p-5 sm:p-6',
} as const

export type PanelPadding = keyof typeof PADDING

/** The white card every page groups its content in, as a class string (for a Link or a details). */
export function panelClass(padding: PanelPadding = 'normal'): string {
  return `rounded-2xl bg-white shadow-sm ring-1 ring-brand-100 ${PADDING[padding]}`.trim()
}

export interface PanelProps extends HTMLAttributes<HTMLElement> {
  /** The element: a section with a heading, an item of a list, a paragraph for an empty state… */
  as?: 'div' | 'section' | 'article' | 'aside' | 'li' | 'p' | 'fieldset'
  padding?: PanelPadding
  children?: ReactNode
}

/** A white rounded card with the brand ring: one look for every panel of every page. */
export function Panel({ as = 'div', padding = 'normal', className = '', children, ...props }: PanelProps) {
  return createElement(as, { ...props, className: `${panelClass(padding)} ${className}`.trim() }, children)
}
