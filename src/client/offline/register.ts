// Loaded lazily after the app starts, in production builds only (main.tsx): registers the service
// worker (src/client/sw/sw.ts) and shows the "offline — saved at" banner when it answers from what
// it kept. Not part of the first-load JavaScript.
import type { WorkerMessage } from '../sw/offline-rules.ts'

const BANNER_ID = 'offline-banner'

/** "14:02" in the device's clock, from the saved-at stamp. */
export function savedAtLabel(savedAt: string): string {
  const date = new Date(savedAt)
  if (Number.isNaN(date.getTime())) return 'Offline — showing what was saved on this device'
  const time = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `Offline — saved at ${time}`
}

function showBanner(savedAt: string): void {
  let banner = document.getElementById(BANNER_ID)
  if (!banner) {
    banner = document.createElement('div')
    banner.id = BANNER_ID
    banner.setAttribute('role', 'status')
    banner.className =
      'sticky top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 border-b border-amber-300'
    document.body.prepend(banner)
  }
  const text = savedAtLabel(savedAt)
  if (banner.textContent !== text) banner.textContent = text
}

function hideBanner(): void {
  document.getElementById(BANNER_ID)?.remove()
}

function onMessage(event: MessageEvent<WorkerMessage>): void {
  if (event.data?.type === 'stagedoor-offline') showBanner(event.data.savedAt)
  else if (event.data?.type === 'stagedoor-online') hideBanner()
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', onMessage)
  window.addEventListener('online', hideBanner)
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' })
  } catch {
    // No worker (private mode, a blocked origin): the app works online as before.
  }
}
