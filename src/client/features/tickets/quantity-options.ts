/** The choices of a "Tickets" select: 1 to `max` (at least 1), as the select holds them. */
export const quantityOptions = (max: number) =>
  Array.from({ length: Math.max(1, max) }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))

/** The choices of a basket line: 0 (none) to `max`, as the select holds them. */
export const basketQuantityOptions = (max: number) =>
  Array.from({ length: Math.max(0, max) + 1 }, (_, i) => ({ value: String(i), label: String(i) }))
