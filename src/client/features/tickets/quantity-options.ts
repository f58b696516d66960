/** The choices of a "Tickets" select: 1 to `max` (at least 1), as the select holds them. */
export const quantityOptions = (max: number) =>
  Array.from({ length: Math.max(1, max) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))
