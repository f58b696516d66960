// `npm run bench -- lcp` (issues 16 and 32): largest contentful paint of the member home, `/` signed
// in as member1, in headless Chromium with the CPU slowed 4× (DevTools' throttling,
// Emulation.setCPUThrottlingRate), on localhost against the server serving the client build
// (`npm run build` first). Two ways, each the median of LCP_LOADS (5) loads after one not counted:
//
// - first visit: a fresh browser profile holding only the session cookie (signed in through the
//   API): nothing in the HTTP cache, no service worker.
// - returning member: one profile signed in on the login page, as a member does, with the app's
//   service worker installed and in control; before each load the HTTP cache is cleared and the
//   worker stopped (a member coming back later finds both so), and the load is a new tab.
//
// Each load waits for the 'Upcoming events' list and a second more, then reads the last
// largest-contentful-paint entry and names its element. The target is ≤ 800 ms for both.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Cookie } from 'playwright-core'
import { CLIENT_DIST } from '#server/app.ts'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { signInWithForm } from '../e2e/support/auth.ts'
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from '../e2e/support/browser.ts'
import { workerInControl } from '../e2e/support/offline.ts'

type Record_ = (name: string, value: string) => void

const LOADS = Number(process.env.LCP_LOADS ?? 5)
const CPU_SLOWDOWN = 4
const TARGET_MS = 800
const MEMBER = 'member1@stagedoor.test'

interface Paint {
  ms: number
  element: string
  /** Cumulative layout shift of the load, up to the measure. */
  cls: number
}

/** A fresh profile each time, deleted after. */
async function withBrowser<T>(
  serviceWorkers: 'allow' | 'block',
  run: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const profile = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-lcp-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP_VIEWPORT,
    serviceWorkers,
  })
  try {
    return await run(context)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** Sign in once through the API; each first visit starts with these session cookies. */
async function memberCookies(server: ServerProcess): Promise<Cookie[]> {
  return withBrowser('block', async (context) => {
    const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { origin: server.url },
      data: { email: MEMBER, password: DEMO_PASSWORD },
    })
    if (!res.ok()) throw new Error(`sign-in as ${MEMBER} answered ${res.status()}`)
    return context.cookies()
  })
}

/** One load of `/` in a new tab at 4× slowdown: the last LCP entry, its element, and the CLS. */
async function measuredLoad(
  context: BrowserContext,
  server: ServerProcess,
  before?: (send: (method: string, params?: object) => Promise<unknown>) => Promise<void>,
): Promise<Paint> {
  const page = await context.newPage()
  try {
    const cdp = await context.newCDPSession(page)
    const send = (method: string, params?: object) =>
      cdp.send(method as 'Network.clearBrowserCache', params as undefined)
    await before?.(send)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${server.url}/`)
    // The member home with its events: the last large paint is one of these.
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1_000)
    const paint = await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string; cls: number } | null>((resolve) => {
          let last: (PerformanceEntry & { element?: Element | null }) | undefined
          let cls = 0
          new PerformanceObserver((list) => {
            last = list.getEntries().at(-1)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number
              hadRecentInput: boolean
            })[])
              if (!e.hadRecentInput) cls += e.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => {
            if (!last) return resolve(null)
            const el = last.element
            const name = el
              ? `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}…”`
              : '(element gone)'
            resolve({ ms: last.startTime, element: name, cls })
          }, 200)
        }),
    )
    if (!paint) throw new Error('no largest-contentful-paint entry')
    if (new URL(page.url()).pathname !== '/') throw new Error(`ended on ${page.url()}, not the member home`)
    return paint
  } finally {
    await page.close()
  }
}

/** First visits: a fresh profile each, holding only the session cookie. */
async function firstVisit(server: ServerProcess, cookies: Cookie[]): Promise<Paint> {
  return withBrowser('block', async (context) => {
    await context.addCookies(cookies)
    return measuredLoad(context, server)
  })
}

/**
 * A returning member: signed in on the login page, the service worker installed and in control;
 * then `loads` new tabs of `/`, each after the HTTP cache is cleared and the worker stopped.
 */
async function returningMember(server: ServerProcess, loads: number): Promise<Paint[]> {
  return withBrowser('allow', async (context) => {
    const page = await context.newPage()
    await page.goto(`${server.url}/login`)
    await signInWithForm(page, { email: MEMBER, password: DEMO_PASSWORD })
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 60_000 })
    await workerInControl(page)
    await page.close()
    const paints: Paint[] = []
    for (let i = 0; i < loads; i++) {
      paints.push(
        await measuredLoad(context, server, async (send) => {
          await send('Network.clearBrowserCache')
          await send('ServiceWorker.enable')
          await send('ServiceWorker.stopAllWorkers')
        }),
      )
    }
    return paints
  })
}

function summary(paints: Paint[]): string {
  const sorted = [...paints].sort((a, b) => a.ms - b.ms)
  const median = sorted[Math.floor(sorted.length / 2)]!
  const worstCls = Math.max(...paints.map((p) => p.cls))
  return `${Math.round(median.ms)} ms (${sorted.map((p) => Math.round(p.ms)).join(', ')}; ${median.element}; layout shift ≤ ${worstCls.toFixed(3)}); target ≤ ${TARGET_MS} ms`
}

export async function lcp(record: Record_) {
  if (!existsSync(path.join(CLIENT_DIST, 'index.html'))) {
    record('LCP of the member home', 'skipped: run `npm run build` first')
    return
  }
  try {
    chromiumPath()
  } catch (error) {
    record('LCP of the member home', `skipped: ${error instanceof Error ? error.message : String(error)}`)
    return
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-lcp-data-'))
  // The demo society (NODE_ENV=test seeds it), serving the client build as production would.
  const server = await startServerProcess({ DATA_DIR: dataDir, MAIL_DISABLED: 'true' })
  try {
    const cookies = await memberCookies(server)
    // One load first, not counted: the server's own first-request work is not the client's.
    await firstVisit(server, cookies)
    const first: Paint[] = []
    for (let i = 0; i < LOADS; i++) first.push(await firstVisit(server, cookies))
    record(
      `LCP of / as member1, first visit (fresh profile with the session cookie), ${CPU_SLOWDOWN}× CPU, median of ${LOADS}`,
      summary(first),
    )
    // The first of these loads is not counted either.
    const returning = (await returningMember(server, LOADS + 1)).slice(1)
    record(
      `LCP of / as member1, returning (signed in on /login, service worker installed and stopped, HTTP cache cleared), ${CPU_SLOWDOWN}× CPU, median of ${LOADS}`,
      summary(returning),
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
