import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { DEMO_PASSWORD } from '#server/demo/demo.ts'
import { startServerProcess } from '#server/testing/processes.ts'
import { CHROMIUM_ARGS, chromiumPath, DESKTOP_VIEWPORT } from '../e2e/support/browser.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'lcpdbg-'))
const server = await startServerProcess({ DATA_DIR: dataDir, MAIL_DISABLED: 'true' })
try {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'lcpp-')), {
    executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS, viewport: DESKTOP_VIEWPORT, serviceWorkers: 'block',
  })
  await context.request.post(`${server.url}/api/auth/sign-in/email`, { headers: { origin: server.url }, data: { email: 'member1@stagedoor.test', password: DEMO_PASSWORD } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const events: any[] = []
  cdp.on('Tracing.dataCollected', (e: any) => events.push(...e.value))
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r))
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,loading,blink,v8.execute,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
  await page.goto(`${server.url}/`)
  await page.getByRole('list', { name: 'Upcoming events' }).waitFor({ timeout: 60_000 })
  await page.waitForTimeout(500)
  await cdp.send('Tracing.end')
  await done
  writeFileSync('/work/tmp/trace.json', JSON.stringify(events))
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStart') ?? events.find((e)=>e.name==='ResourceSendRequest')
  const t0 = nav.ts
  const threads = new Map<string, string>()
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name)
  const main = events.filter((e) => threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.ph === 'X' && e.dur > 15000)
  for (const e of main.sort((a, b) => a.ts - b.ts)) console.log(Math.round((e.ts - t0) / 1000), Math.round(e.dur / 1000), e.name, JSON.stringify(e.args?.data?.url ?? e.args?.data?.functionName ?? e.args?.beginData?.url ?? '').slice(0, 80))
  for (const e of events.filter((e) => /firstContentfulPaint|largestContentfulPaint::Candidate|firstPaint|MarkDOMContent|ResourceSendRequest|ResourceFinish/.test(e.name))) console.log('mark', Math.round((e.ts - t0) / 1000), e.name, (e.args?.data?.url ?? '').split('/').pop())
  await context.close()
} finally {
  await server.stop()
}
