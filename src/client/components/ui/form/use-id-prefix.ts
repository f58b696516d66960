import { useId } from 'react'

/**
 * An id prefix for a `<Form idPrefix>` that may appear more than once on a page (one per ticket, one
 * per row): `name` and React's id for this instance, with only the characters an id selector takes.
 */
export function useIdPrefix(name: string): string {
  return `${name}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`
}
