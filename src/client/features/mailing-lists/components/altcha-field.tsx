import 'altcha/external'
import 'altcha/altcha.css'
import type {} from 'altcha/types/react'
import type { WidgetMethods } from 'altcha/types'
import type { Ref } from 'react'
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker'

// The self-hosted proof-of-work (altcha, decision 0023): its worker comes from our own origin, so
// the page's strict CSP (script-src 'self', no blob: workers) holds.
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  $altcha.algorithms.set(name, () => new Pbkdf2Worker())
}

/**
 * The "I'm not a robot" check: solving starts when the visitor focuses the form and puts its payload
 * in a hidden `altcha` field of the form.
 */
export function AltchaField({ widgetRef }: { widgetRef: Ref<HTMLElement> }) {
  return (
    <altcha-widget ref={widgetRef} challenge="/api/mailing-lists/challenge" auto="onfocus" name="altcha" />
  )
}

/** The form's payload; if the visitor was quicker than the check, finish the check first. */
export async function altchaPayload(widget: HTMLElement | null, form: FormData): Promise<string> {
  const filled = form.get('altcha')
  if (typeof filled === 'string' && filled) return filled
  const methods = widget as (HTMLElement & Partial<WidgetMethods>) | null
  const result = await methods?.verify?.()
  return result?.payload ?? ''
}
