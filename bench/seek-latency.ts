// Seek latency of a learning track (issue 7: "seeking in a 5-minute track starts playback within
// 300 ms on localhost"): a real Chromium plays a 5-minute WAV streamed from /api/files through a
// signed link with HTTP Range, seeks to points it has not buffered, and we time each seek until the
// playhead moves again past the target.
import { chromium } from 'playwright-core'

const SECONDS = 300
const DEMO_ADMIN = { email: 'sitrmd@stagedoor.test', password: 'stagedoor-demo' }

/** 5 minutes of 22.05 kHz mono 16-bit PCM (≈13 MB): too big to be fully buffered on the first request. */
export function fiveMinuteWav(rate = 22_050): Buffer {
  const samples = rate * SECONDS
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + samples * 2, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(samples * 2, 40)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2)
  return Buffer.concat([header, data])
}

async function adminToken(url: string): Promise<string> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(DEMO_ADMIN),
  })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const token = await fetch(`${url}/api/auth/token`, { headers: { cookie, origin: url } })
  return ((await token.json()) as { token: string }).token
}

/**
 * Upload the track as the demo admin, then in Chromium: play from 0, and for each target seek and
 * time `currentTime = target` → playing again with the playhead past the target. Returns the figures.
 */
export async function seekLatency(url: string, targets = [240, 60, 180, 120, 285, 30]) {
  const token = await adminToken(url)
  const form = new FormData()
  form.append('purpose', 'audio')
  form.append('file', new Blob([new Uint8Array(fiveMinuteWav())], { type: 'audio/wav' }), 'bench.wav')
  const uploaded = await fetch(`${url}/api/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`)
  const { url: trackPath, size } = (await uploaded.json()) as { url: string; size: number }

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  })
  try {
    const page = await browser.newPage()
    const ranges: string[] = []
    page.on('response', (r) => {
      if (r.url().includes('/api/files/uploads/audio/'))
        ranges.push(`${r.status()} ${r.headers()['content-range'] ?? ''}`)
    })
    // NOTE: tsx (esbuild keepNames) wraps named functions in __name(); the page has no such helper.
    await page.addInitScript('window.__name = (f) => f')
    await page.goto(`${url}/api/health`)
    const times = await page.evaluate(
      async ({ src, targets }) => {
        const audio = document.createElement('audio')
        audio.preload = 'metadata'
        audio.src = src
        document.body.append(audio)
        await audio.play()
        const result: number[] = []
        for (const target of targets) {
          await new Promise((r) => setTimeout(r, 300))
          const start = performance.now()
          audio.currentTime = target
          await new Promise<void>((resolve) => {
            const check = () => {
              if (!audio.seeking && !audio.paused && audio.currentTime > target + 0.01) resolve()
              else requestAnimationFrame(check)
            }
            check()
          })
          result.push(performance.now() - start)
        }
        audio.pause()
        return result
      },
      { src: `${url}${trackPath}`, targets },
    )
    const sorted = [...times].sort((a, b) => a - b)
    return {
      sizeBytes: size,
      times,
      median: sorted[Math.floor(sorted.length / 2)]!,
      max: sorted.at(-1)!,
      partialResponses: ranges.filter((r) => r.startsWith('206')).length,
      responses: ranges,
    }
  } finally {
    await browser.close()
  }
}
