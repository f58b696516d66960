import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import axe from 'axe-core'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 }

/** CHROMIUM_PATH (scripts/e2e.mjs sets it), else Debian's /usr/bin/chromium. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  try {
    accessSync(candidate, constants.X_OK)
    return candidate
  } catch {
    throw new Error(
      `No Chromium at ${candidate}. Run \`npm run test:e2e\` (it finds or installs one), or set CHROMIUM_PATH.`,
    )
  }
}

export interface BrowserHandle {
  context: BrowserContext
  close(): Promise<void>
}

/**
 * A headless Chromium with a fresh profile, deleted again on close. Its service workers are blocked
 * unless asked for (decision 0028): the app's worker would answer requests before `page.route` sees
 * them; the offline and push specs launch with `serviceWorkers: 'allow'`.
 */
export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; serviceWorkers?: 'allow' | 'block' } = {},
) {
  const profile = mkdtempSync(path.join(tmpdir(), 'stagedoor-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? DESKTOP_VIEWPORT,
    serviceWorkers: options.serviceWorkers ?? 'block',
  })
  // Record CSP violations in every page before any of its own scripts run.
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] }
    w.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'}`)
    })
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  } satisfies BrowserHandle
}

export interface PageProblems {
  /** console.error messages, uncaught exceptions and failed requests, in order. */
  errors: string[]
  /** Content-Security-Policy violations the page reported. */
  cspViolations(): Promise<string[]>
}

/** Start collecting everything that would mean the page is broken. Call before navigating. */
export function watchPage(page: Page): PageProblems {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    // "Failed to load resource" does not say which: add the URL, so a test can allow one on purpose.
    const url = message.text().startsWith('Failed to load resource') ? ` [${message.location().url}]` : ''
    errors.push(`console.error: ${message.text()}${url}`)
  })
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`))
  page.on('requestfailed', (request) => {
    // A navigation away cancels requests still in flight; that is not a failure of the page.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return
    errors.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`)
  })
  return {
    errors,
    cspViolations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []),
  }
}

/**
 * The page's errors other than those a test provokes on purpose (the 401 of a refused password, say),
 * and its CSP violations: both must be empty for a clean page.
 */
export async function pageTrouble(
  page: Page,
  problems: PageProblems,
  expected: RegExp[] = [],
): Promise<{ errors: string[]; cspViolations: string[] }> {
  return {
    errors: problems.errors.filter((error) => !expected.some((pattern) => pattern.test(error))),
    cspViolations: page.isClosed() ? [] : await problems.cspViolations(),
  }
}

export interface AxeViolation {
  id: string
  impact: string | null | undefined
  help: string
  targets: string[]
}

/**
 * Run axe-core in the page and return the serious and critical violations.
 * NOTE: evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not block it.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined',
  )
  if (!loaded) await page.evaluate(axe.source)
  return page.evaluate(async () => {
    const runner = (window as unknown as { axe: typeof axe }).axe
    const result = await runner.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((node) => node.target.join(' ')),
      }))
  })
}

/**
 * The page's own ready signal: a heading matching `heading` is drawn and no loading indicator is
 * left (a loading page marks itself `aria-busy`; a spinner is a `status` labelled "Loading…" or
 * "Checking your sign-in…"). A page that never gets there fails here (20 s), rather than being
 * checked half-drawn.
 */
export async function pageReady(page: Page, heading = 'h1, h2'): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.waitForFunction(
    (selector) =>
      document.querySelector(selector) !== null &&
      document.querySelector('[aria-busy="true"]') === null &&
      ![...document.querySelectorAll('[role="status"][aria-label]')].some((el) =>
        /^(Loading|Checking your sign-in)/.test(el.getAttribute('aria-label') ?? ''),
      ),
    heading,
    { timeout: 20_000 },
  )
}
