import { useState } from 'react'

/**
 * Up to two initials of a name: "Maya Patel" → "MP", "Cher" → "C", "  " → "?". An email address
 * counts by the part before the @.
 */
export function initialsOf(name: string): string {
  const words = name
    .split('@')[0]!
    .trim()
    .split(/[\s._-]+/u)
    .filter(Boolean)
  if (words.length === 0) return '?'
  const first = [...words[0]!][0] ?? ''
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : ''
  return (first + last).toLocaleUpperCase('en-GB')
}

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm' } as const

/**
 * The member's picture, or their initials on a purple disc when there is none (or it fails to load).
 * Decorative: the name is always written beside it.
 */
export function Avatar({
  name,
  image,
  size = 'md',
}: {
  name: string
  image?: string | null
  size?: keyof typeof SIZES
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const classes = `${SIZES[size]} shrink-0 rounded-full`
  if (image && failed !== image) {
    return (
      <img
        src={image}
        alt=""
        className={`${classes} object-cover ring-2 ring-white`}
        referrerPolicy="no-referrer"
        onError={() => setFailed(image)}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      data-initials=""
      className={`${classes} inline-flex items-center justify-center bg-brand-700 font-bold text-white ring-2 ring-white`}
    >
      {initialsOf(name)}
    </span>
  )
}
