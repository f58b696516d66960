// `npm run bench -- lcp` (issue 16): largest contentful paint of the member home, `/` signed in as
// member1, in headless Chromium with the CPU slowed 4× (DevTools' throttling), on localhost against
// the server serving the client build (`npm run build` first). Each load is cold: a fresh browser
// profile, so nothing is cached. The median of the loads is the figure; the target is ≤ 1.0 s.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Cookie } from 'playwright-core'
import { CLIENT_DIST } from '#server/app.ts'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from '../e2e/support/browser.ts'

type Record_ = (name: string, value: string) => void

const LOADS = Number(process.env.LCP_LOADS ?? 5)
const CPU_SLOWDOWN = 4
const MEMBER = 'member1@stagedoor.test'

interface Paint {
  ms: number
  element: string
}

/** A fresh profile each time: a cold load, nothing in the HTTP cache, no service worker. */
async function withBrowser<T>(run: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(path.join(tmpdir(), 'stagedoor-bench-lcp-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: DESKTOP_VIEWPORT,
    serviceWorkers: 'block',
  })
  try {
    return await run(context)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** Sign in once through the API; each cold load starts with these session cookies. */
async function memberCookies(server: ServerProcess): Promise<Cookie[]> {
  return withBrowser(async (context) => {
    const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
      headers: { origin: server.url },
      data: { email: MEMBER, password: DEMO_PASSWORD },
    })
    if (!res.ok()) throw new Error(`sign-in as ${MEMBER} answered ${res.status()}`)
    return context.cookies()
  })
}

async function coldLoad(server: ServerProcess, cookies: Cookie[]): Promise<Paint> {
  return withBrowser(async (context) => {
    await context.addCookies(cookies)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await page.goto(`${server.url}/`)
    // The member home with its events: the last large paint is one of these.
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1_000)
    const paint = await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string } | null>((resolve) => {
          let last: (PerformanceEntry & { element?: Element | null }) | undefined
          new PerformanceObserver((list) => {
            last = list.getEntries().at(-1)
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => {
            if (!last) return resolve(null)
            const el = last.element
            const name = el
              ? `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`
              : '?'
            resolve({ ms: last.startTime, element: name })
          }, 200)
        }),
    )
    if (!paint) throw new Error('no largest-contentful-paint entry')
    if (new URL(page.url()).pathname !== '/') throw new Error(`ended on ${page.url()}, not the member home`)
    return paint
  })
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
    await coldLoad(server, cookies)
    const paints: Paint[] = []
    for (let i = 0; i < LOADS; i++) paints.push(await coldLoad(server, cookies))
    const sorted = [...paints].sort((a, b) => a.ms - b.ms)
    const median = sorted[Math.floor(sorted.length / 2)]!
    record(
      `LCP of / as member1, ${CPU_SLOWDOWN}× CPU slowdown, cold, median of ${LOADS}`,
      `${Math.round(median.ms)} ms (${sorted.map((p) => Math.round(p.ms)).join(', ')}; ${median.element}); target ≤ 1000 ms`,
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
