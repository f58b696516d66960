import { describe, it } from 'vitest'
import { routes } from '../../src/client/app/router.tsx'
import { pageReady, seriousAxeViolations, type AxeViolation } from '../support/browser.ts'
import { baseUrl, expect, test, type Who } from '../support/fixtures.ts'
import { declaredRoutes, ROUTE_URLS } from './routes.ts'

// Issue 19: axe on every route, for anonymous, a member and an admin, at 1280 and 360 px: no
// serious or critical finding. The route list is routes.ts; a route missing there fails below.

const ROLES: { name: string; who: Who }[] = [
  { name: 'anonymous', who: null },
  { name: 'member', who: 'member1' },
  { name: 'admin', who: 'superadmin' },
]
const WIDTHS = [1280, 360]

describe('the accessibility sweep', () => {
  it('covers every route the router declares', () => {
    const missing = declaredRoutes(routes).filter((route) => !(route in ROUTE_URLS))
    expect(missing, 'add these routes to e2e/accessibility/routes.ts').toEqual([])
  })
})

describe('no serious or critical axe finding on any route, for any role, at 1280 and 360 px', () => {
  const cases = Object.entries(ROUTE_URLS).map(([route, url]) => ({ route, url }))
  test.for(cases)('$route', { timeout: 180_000 }, async ({ url }, { page, signedInAs }) => {
    const findings: { role: string; width: number; url: string; violations: AxeViolation[] }[] = []
    for (const { name, who } of ROLES) {
      await signedInAs(who)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        await page.goto(`${baseUrl}${url}`)
        await pageReady(page)
        const violations = await seriousAxeViolations(page)
        if (violations.length > 0) findings.push({ role: name, width, url: page.url(), violations })
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(findings).toEqual([])
  })
})
