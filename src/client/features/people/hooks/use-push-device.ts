import { useCallback, useEffect, useState } from 'react'
import { useClient } from 'urql'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  PushSubscriptionActiveQuery,
  SubscribeToPushMutation,
  UnsubscribeFromPushMutation,
} from '../graphql/push.query.ts'
import { detectDevice, subscribeDevice, type DeviceState } from '../push-device.ts'

/**
 * This browser's notifications for the signed-in member: the state ("on" only when the server keeps
 * this browser's subscription for them), and turning it on (permission, subscribe with the server's
 * VAPID key, subscribeToPush) or off (unsubscribeFromPush, then the browser's unsubscribe).
 * `problem` says why the last change did not happen (the state itself is announced by the page).
 */
export function usePushDevice(publicKey: string | null) {
  const client = useClient()
  const subscribe = useAppMutation(SubscribeToPushMutation, { report: 'inline' })
  const unsubscribe = useAppMutation(UnsubscribeFromPushMutation, { report: 'inline' })
  const [state, setState] = useState<DeviceState>('checking')
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void (async () => {
      const found = await detectDevice(publicKey)
      let next = found.state
      if (next === 'on' && found.subscription) {
        const mine = await client
          .query(
            PushSubscriptionActiveQuery,
            { endpoint: found.subscription.endpoint },
            { requestPolicy: 'network-only' },
          )
          .toPromise()
        // Subscribed for someone else who used this browser (or the server dropped it): off for you.
        if (!mine.data?.pushSubscriptionActive) next = 'off'
      }
      if (live) setState(next)
    })().catch(() => {
      if (live) setState('unsupported')
    })
    return () => {
      live = false
    }
  }, [client, publicKey])

  const turnOn = useCallback(async () => {
    if (!publicKey) return
    setBusy(true)
    setProblem('')
    try {
      const device = await subscribeDevice(publicKey)
      if (!device.ok) {
        setState(device.state)
        // The state says it when blocked or without a worker; only a dismissed prompt needs words.
        if (device.state === 'off') setProblem(device.message)
        return
      }
      const saved = await subscribe.run({
        input: { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
      })
      if (!saved.ok) {
        await device.subscription.unsubscribe()
        setProblem(saved.message ?? 'Notifications could not be turned on. Try again.')
        return
      }
      setState('on')
    } catch {
      setProblem('This browser could not subscribe to notifications. Try again later.')
    } finally {
      setBusy(false)
    }
  }, [publicKey, subscribe])

  const turnOff = useCallback(async () => {
    setBusy(true)
    setProblem('')
    try {
      const { subscription } = await detectDevice(publicKey)
      if (subscription) {
        const removed = await unsubscribe.run({ endpoint: subscription.endpoint })
        if (!removed.ok) {
          setProblem(removed.message ?? 'Notifications could not be turned off. Try again.')
          return
        }
        await subscription.unsubscribe()
      }
      setState('off')
    } catch {
      setProblem('This browser could not stop its subscription. Try again later.')
    } finally {
      setBusy(false)
    }
  }, [publicKey, unsubscribe])

  return { state, problem, busy, turnOn, turnOff }
}
