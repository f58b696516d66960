import { useLatestReveal } from '../hooks/use-show-name.ts'

/** Tells screen-reader users when a show's name is revealed while they are on the page. */
export function RevealAnnouncer() {
  const name = useLatestReveal()
  return (
    <p className="sr-only" aria-live="polite">
      {name ? `The show is revealed: ${name}.` : ''}
    </p>
  )
}
