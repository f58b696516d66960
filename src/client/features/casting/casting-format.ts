/** "Chloe Chen (Clo)" when the member goes by another name. */
export function displayName(row: { name: string; preferredName?: string | null }): string {
  const preferred = row.preferredName?.trim()
  return preferred && preferred !== row.name ? `${row.name} (${preferred})` : row.name
}

/** "4.5 (2 reviews)", "—" when nobody has scored it. */
export function scoreText(average: number | null | undefined, count: number): string {
  const reviews = `${count} review${count === 1 ? '' : 's'}`
  if (average === null || average === undefined) return count ? `No score (${reviews})` : 'Not reviewed'
  return `${average.toFixed(1)} (${reviews})`
}
