/** The class spec §1 adds to the page body on browsers whose vendor is not Apple. */
export const DECORATIVE_BODY_CLASS = 'decorative-background'

/** True unless the browser's `navigator.vendor` starts with "Apple" (Safari and every iOS browser). */
export function wantsDecorativeBackground(vendor: string | undefined | null): boolean {
  return !(vendor ?? '').startsWith('Apple')
}

/** Add the decorative background class to `body` when the vendor allows it. */
export function applyBrowserClass(
  body: Pick<HTMLElement, 'classList'>,
  vendor: string | undefined | null,
): void {
  if (wantsDecorativeBackground(vendor)) body.classList.add(DECORATIVE_BODY_CLASS)
}
