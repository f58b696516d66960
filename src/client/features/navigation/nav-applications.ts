import type { NavApplication } from '#core/navigation/member-nav.ts'

type PaymentLines = NavApplication['event']['eventConfig']['paymentLines']

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `eventConfig.paymentLines` arrives as JSON. Read it into the shape the navigation rules take (only
 * each line's key matters to them); an answer of another shape counts as "no payment lines" (the
 * server still guards each page). NOTE: by hand rather than with zod, which would add tens of kB to
 * the client for this one check.
 */
export function readPaymentLines(value: unknown): PaymentLines {
  if (!isObject(value)) return {}
  const lines = Object.values(value)
  const valid = lines.every(
    (list) => Array.isArray(list) && list.every((line) => isObject(line) && typeof line.key === 'string'),
  )
  return valid ? (value as PaymentLines) : {}
}

/** An application as NavItemsQuery returns it. */
export interface NavItemsApplication extends Omit<NavApplication, 'event'> {
  event: Omit<NavApplication['event'], 'eventConfig'> & {
    eventConfig: {
      permissions: NavApplication['event']['eventConfig']['permissions']
      paymentLines: unknown
    }
  }
}

/** NavItemsQuery's applications in the shape `memberSidebar` takes. */
export function toNavApplications(applications: readonly NavItemsApplication[]): NavApplication[] {
  return applications.map((application) => ({
    ...application,
    event: {
      ...application.event,
      eventConfig: {
        ...application.event.eventConfig,
        paymentLines: readPaymentLines(application.event.eventConfig.paymentLines),
      },
    },
  }))
}
