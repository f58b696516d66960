/**
 * A URL-safe key made from a title, for slugs and keys staff would otherwise type by hand:
 * "Spring Show 2027!" → "spring-show-2027". Lower-case letters, digits and single hyphens, starting
 * with a letter (as the event and config schemas require), at most `max` characters; "" when the
 * title has no letters or digits.
 */
export function slugFrom(title: string, max = 40): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
  return words.slice(0, max).replace(/-+$/, '')
}
