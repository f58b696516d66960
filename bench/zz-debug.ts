import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess } from '#server/testing/processes.ts'
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from '../e2e/support/browser.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'lcpdbg-'))
const server = await startServerProcess({ DATA_DIR: dataDir, MAIL_DISABLED: 'true' })
const width = Number(process.env.W ?? 0)
try {
  for (let i = 0; i < Number(process.env.N ?? 2); i++) {
    const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'lcpp-')), {
      executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS,
      viewport: width ? { width, height: 800 } : DESKTOP_VIEWPORT, serviceWorkers: 'block',
    })
    const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, { headers: { origin: server.url }, data: { email: 'member1@stagedoor.test', password: DEMO_PASSWORD } })
    if (!res.ok()) throw new Error('sign-in')
    const html = await (await context.request.get(`${server.url}/`)).text()
    console.log('prerendered in html:', html.includes('data-prerendered'), html.length)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return
        const w = window as any
        w.__p0 = [...document.querySelectorAll('p')].find((x) => x.textContent?.startsWith('Your events'))
        w.__main0 = document.querySelector('main')
        w.__t0 = performance.now()
        new MutationObserver((ms) => { for (const m of ms) for (const n of m.removedNodes) if ((n as Element).tagName) (w.__removed ??= []).push(`${Math.round(performance.now())} ${(n as Element).tagName}.${(n as Element).className?.toString().slice(0, 30)}`) }).observe(document.getElementById('root')!, { childList: true, subtree: true })
      })
    })
    if (process.env.NOJS) await page.route(/\.js$/, (r) => r.abort())
    await page.goto(`${server.url}/`)
    if (!process.env.NOJS) await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 60_000 })
    await page.waitForTimeout(1000)
    const out = await page.evaluate(() => new Promise((resolve) => {
      const all: string[] = []
      new PerformanceObserver((list) => { for (const e of list.getEntries() as any[]) all.push(`${e.entryType} ${e.name ?? ''} ${Math.round(e.startTime)} size=${e.size ?? ''} ${e.element ? e.element.tagName + ':' + (e.element.textContent ?? '').slice(0, 30) + ' connected=' + e.element.isConnected : ''}`) }).observe({ type: 'largest-contentful-paint', buffered: true })
      new PerformanceObserver((list) => { for (const e of list.getEntries()) all.push(`${e.entryType} ${e.name} ${Math.round(e.startTime)}`) }).observe({ type: 'paint', buffered: true })
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
      all.push(`nav responseEnd ${Math.round(nav.responseEnd)} domInteractive ${Math.round(nav.domInteractive)} dcl ${Math.round(nav.domContentLoadedEventEnd)}`)
      for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) all.push(`res ${r.name.split('/').pop()} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`)
      setTimeout(() => resolve(all), 300)
    }))
    console.log((out as string[]).join('\n'))
    console.log(await page.evaluate(() => { const w = window as any; const p = [...document.querySelectorAll('p')].find((x) => x.textContent?.startsWith('Your events')); return JSON.stringify({ t0: w.__t0, samePara: p === w.__p0, p0connected: w.__p0?.isConnected, sameMain: document.querySelector('main') === w.__main0, removed: w.__removed?.slice(0, 12) }) }))
    console.log(await page.evaluate(() => { const p = [...document.querySelectorAll('p')].find((x) => x.textContent?.startsWith('Your events')); const r = p?.getBoundingClientRect(); return JSON.stringify({ x: r?.x, y: r?.y, w: r?.width, h: r?.height, vh: innerHeight, root: document.getElementById('root')?.getAttributeNames() }) }))
    if (process.env.SHOT) await page.screenshot({ path: `/work/tmp/shot-${width || 1280}.png` })
    await context.close()
  }
} finally {
  await server.stop()
}
