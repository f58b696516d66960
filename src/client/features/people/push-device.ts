// This browser's notification subscription (`/profile`): what state it is in and how to turn it on
// and off. The server keeps the subscription (subscribeToPush); the app's service worker shows what
// arrives (src/client/sw/sw.ts). Decision 0028.

/** Where notifications stand on this device, as the profile's section says it. */
export type DeviceState = 'checking' | 'unsupported' | 'no-worker' | 'unconfigured' | 'blocked' | 'off' | 'on'

/** The sentence for each state (shown, and announced when it changes). */
export const DEVICE_STATE_TEXT: Record<DeviceState, string> = {
  checking: 'Checking this device…',
  unsupported: 'This browser cannot show notifications from Stagedoor.',
  'no-worker':
    'Notifications need the installed app’s service worker, which this page has not loaded. Reload the page, or use the production build.',
  unconfigured: 'Notifications are not set up on this server. Emails still go as usual.',
  blocked:
    'Your browser blocks notifications from Stagedoor. Allow them in the browser’s site settings, then reload this page.',
  off: 'Notifications are off on this device.',
  on: 'Notifications are on for this device.',
}

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Whether a subscription was made for this key (after a key change the old one is useless). */
export function sameKey(existing: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!existing) return false
  const bytes = new Uint8Array(existing)
  return bytes.length === key.length && bytes.every((b, i) => b === key[i])
}

/** What the browser offers: push needs a service worker, the Push API and notifications. */
export function browserSupportsPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/**
 * The app's worker registration, or null when there is none: development builds register none, and
 * a browser may block workers. NOTE: production registers the worker lazily at start-up, so a first
 * visit may get here before it is registered; `ready` is waited for a few seconds (it never settles
 * where workers are blocked).
 */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration('/')
  if (found || !import.meta.env.PROD) return found ?? null
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
  ])
}

/** The browser's state before asking the server whether the subscription is the member's. */
export async function detectDevice(
  publicKey: string | null,
): Promise<{ state: DeviceState; subscription: PushSubscription | null }> {
  if (!browserSupportsPush()) return { state: 'unsupported', subscription: null }
  if (!publicKey) return { state: 'unconfigured', subscription: null }
  if (Notification.permission === 'denied') return { state: 'blocked', subscription: null }
  const registration = await workerRegistration()
  if (!registration) return { state: 'no-worker', subscription: null }
  const subscription = await registration.pushManager.getSubscription()
  const granted = Notification.permission === 'granted'
  return { state: subscription && granted ? 'on' : 'off', subscription }
}

/**
 * Ask for permission and subscribe this browser for the server's key (replacing a subscription made
 * for another key). Returns the subscription's endpoint and keys, or the state to show instead.
 */
export async function subscribeDevice(
  publicKey: string,
): Promise<
  | { ok: true; subscription: PushSubscription; endpoint: string; p256dh: string; auth: string }
  | { ok: false; state: DeviceState; message: string }
> {
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return { ok: false, state: 'blocked', message: DEVICE_STATE_TEXT.blocked }
  if (permission !== 'granted') {
    return {
      ok: false,
      state: 'off',
      message: 'The browser did not give permission. Try again and choose Allow.',
    }
  }
  const registration = await workerRegistration()
  if (!registration) return { ok: false, state: 'no-worker', message: DEVICE_STATE_TEXT['no-worker'] }
  const key = keyBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  const json = subscription.toJSON()
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (!p256dh || !auth) {
    return { ok: false, state: 'off', message: 'The browser gave a subscription without keys. Try again.' }
  }
  return { ok: true, subscription, endpoint: subscription.endpoint, p256dh, auth }
}
