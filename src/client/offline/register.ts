// Loaded lazily after the app starts, in production builds only (app/start.tsx): registers the service
// worker (src/client/sw/sw.ts) and shows the "offline — saved at" banner when it answers from what
// it kept. Not part of the first-load JavaScript.
import type { Auth } from '../lib/auth/account.ts'
import { KEEP_SESSION_MESSAGE, type PageMessage, type WorkerMessage } from '../sw/offline-rules.ts'

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

/** The part of `navigator.serviceWorker` the offer uses. */
export interface WorkerContainer {
  readonly controller: { postMessage(message: PageMessage): void } | null
  addEventListener(type: 'controllerchange', listener: () => void): void
  removeEventListener(type: 'controllerchange', listener: () => void): void
}

/**
 * Tell the worker in control who is signed in, whenever that may be news to it: a worker taking
 * control, a sign-in here, a new token. A session that came with a page the worker fetched is kept
 * already (sw.ts); one from the login form, or a page served before the worker was in control, is
 * not, and the app would open offline "Checking your sign-in…" for ever (issue 32).
 */
export function offerSessionToWorker(
  auth: Pick<Auth, 'getState' | 'getToken' | 'onEvent'>,
  container: WorkerContainer,
): () => void {
  const offer = async () => {
    const state = auth.getState()
    if (state.status !== 'authenticated' || !container.controller) return
    const token = await auth.getToken().catch(() => null)
    const now = auth.getState()
    // Signed out, or someone else, while the token came: nothing to tell.
    if (!token || now.status !== 'authenticated' || now.user.id !== state.user.id) return
    const { id, email, name, image, roles } = now.user
    const message: PageMessage = {
      type: KEEP_SESSION_MESSAGE,
      session: JSON.stringify({ token, user: { id, email, name, image, roles } }),
    }
    container.controller?.postMessage(message)
  }
  const onControl = () => void offer()
  container.addEventListener('controllerchange', onControl)
  const stopEvents = auth.onEvent((event) => {
    if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') void offer()
  })
  void offer()
  return () => {
    container.removeEventListener('controllerchange', onControl)
    stopEvents()
  }
}

export async function registerServiceWorker(auth: Parameters<typeof offerSessionToWorker>[0]): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.addEventListener('message', onMessage)
  offerSessionToWorker(auth, navigator.serviceWorker)
  window.addEventListener('online', hideBanner)
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' })
  } catch {
    // No worker (private mode, a blocked origin): the app works online as before.
  }
}
