// The society's settings that need no schema to use (issue 29, decision 0039): reference formats and
// the accent colour's contrast. Kept apart from society-settings.schemas.ts so the first load, which
// reads the page's society (page-society.ts), does not pull zod in and build a schema before
// lib/zod-jitless.ts has told zod not to compile parsers (the page's CSP refuses eval).

/** The placeholder a reference format must hold once: the record's own code goes there. */
export const REFERENCE_PLACEHOLDER = '{ref}'
/** UK banks carry 18 characters of reference; the longest code put in `{ref}` is a ticket order's. */
export const REFERENCE_MAX_LENGTH = 18
/** A ticket order's code (`T` and 10 characters): the longest that fills `{ref}`. */
export const LONGEST_REFERENCE_CODE = 11
/** The format of an install that has not chosen one: the references it gave before settings existed. */
export const DEFAULT_REFERENCE_FORMAT = `SD-${REFERENCE_PLACEHOLDER}`
/** Buttons put white text on the accent colour: WCAG AA for normal text. */
export const MIN_ACCENT_CONTRAST = 4.5

/** Relative luminance of a `#rrggbb` colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
}

/** The contrast ratio of white text on a `#rrggbb` background, from 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05)
}

/** Whether the runtime knows the IANA time zone (`Europe/London`); offsets and abbreviations are refused. */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** The reference a payer quotes: the format with the record's code in place of `{ref}`. */
export function formatReference(format: string, code: string): string {
  return format.replace(REFERENCE_PLACEHOLDER, code)
}
