export interface Filterable {
  id: string
  applicationType: string
  status: string
  applicantName?: string | null
  applicantEmail?: string | null
}

export interface Filters {
  type: string
  status: string
  /** Part of a name or an email address; case and accents do not matter. */
  search?: string
}

/** Lower case without accents, so "zoe" finds "Zoë". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en-GB')

/** The entries the filters let through ('' means any). */
export function applyFilters<T extends Filterable>(entries: readonly T[], filters: Filters): T[] {
  const words = folded(filters.search ?? '')
    .split(/\s+/)
    .filter(Boolean)
  return entries.filter(
    (e) =>
      (!filters.type || e.applicationType === filters.type) &&
      (!filters.status || e.status === filters.status) &&
      words.every((word) => folded(`${e.applicantName ?? ''} ${e.applicantEmail ?? ''}`).includes(word)),
  )
}

/** Are all, some or none of the visible rows selected (for the "select all" checkbox)? */
export function selectionState(
  visibleIds: readonly string[],
  selected: ReadonlySet<string>,
): 'all' | 'some' | 'none' {
  const chosen = visibleIds.filter((id) => selected.has(id)).length
  if (chosen === 0) return 'none'
  return chosen === visibleIds.length ? 'all' : 'some'
}

/** "Select all" within the filter: selects every visible row, or clears them when all were selected. */
export function toggleAll(visibleIds: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected)
  if (selectionState(visibleIds, selected) === 'all') for (const id of visibleIds) next.delete(id)
  else for (const id of visibleIds) next.add(id)
  return next
}

export function toggleOne(id: string, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** Only the selected rows still visible: a filter change must not act on rows the admin cannot see. */
export function visibleSelection(visibleIds: readonly string[], selected: ReadonlySet<string>): string[] {
  return visibleIds.filter((id) => selected.has(id))
}

/** How a row's response stands: "Expires in 3 d 2 h 0 m", "Expired", "Accepted", … */
export function responseLabel(
  entry: { status: string; offerExpiresAt?: string | null },
  now: Date,
  countdown: (ms: number) => string,
): string {
  switch (entry.status) {
    case 'OFFERED': {
      if (!entry.offerExpiresAt) return 'Awaiting reply'
      const left = new Date(entry.offerExpiresAt).getTime() - now.getTime()
      return left > 0 ? `Expires in ${countdown(left)}` : 'Expiring now'
    }
    case 'CONFIRMED':
      return 'Accepted'
    case 'PAID':
      return 'Accepted, paid'
    case 'DECLINED':
      return 'Declined'
    case 'EXPIRED':
      return 'Offer expired'
    case 'WITHDRAWN':
      return 'Withdrew'
    default:
      return '—'
  }
}

/** Percentage of a capacity bar (0–100); null when there is no capacity. */
export function capacityPercent(held: number, capacity: number | null | undefined): number | null {
  if (!capacity) return null
  return Math.min(100, Math.round((held / capacity) * 100))
}
