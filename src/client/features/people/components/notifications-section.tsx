import { useId, useState } from 'react'
import { useQuery } from 'urql'
import {
  PUSH_KIND_LABELS,
  PUSH_KINDS,
  pushPreferencesSchema,
  type PushPreferences,
} from '#core/notifications/push-preferences.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { PushSettingsQuery, UpdatePushPreferencesMutation } from '../graphql/push.query.ts'
import { usePushDevice } from '../hooks/use-push-device.ts'
import { DEVICE_STATE_TEXT } from '../push-device.ts'

/** `/profile`: turn notifications on or off in this browser, and choose which kinds go (every device). */
export function NotificationsSection() {
  const id = useId()
  const query = useQuery({ query: PushSettingsQuery, requestPolicy: 'cache-and-network' })
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Notifications on this device
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Stagedoor can tell this browser when something needs you. Everything it notifies you about is also
        emailed.
      </p>
      <QueryView
        query={query}
        loadingLabel="Loading notifications…"
        what="your notification settings"
        level={2}
      >
        {({ pushPublicKey, myProfile }) => (
          <>
            <DeviceSwitch publicKey={pushPublicKey ?? null} />
            <KindSwitches preferences={myProfile.pushPreferences} />
          </>
        )}
      </QueryView>
    </Panel>
  )
}

function DeviceSwitch({ publicKey }: { publicKey: string | null }) {
  const device = usePushDevice(publicKey)
  const canToggle = device.state === 'on' || device.state === 'off'
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <p role="status" className="min-w-0 flex-1 text-sm font-semibold text-slate-900">
        {DEVICE_STATE_TEXT[device.state]}
      </p>
      {canToggle ? (
        <Button
          variant={device.state === 'on' ? 'secondary' : 'primary'}
          pending={device.busy}
          onClick={() => void (device.state === 'on' ? device.turnOff() : device.turnOn())}
        >
          {device.state === 'on' ? 'Turn off notifications' : 'Turn on notifications'}
        </Button>
      ) : null}
      <p role="status" className="basis-full text-sm font-semibold text-red-700 empty:hidden">
        {device.problem}
      </p>
    </div>
  )
}

function KindSwitches({ preferences }: { preferences: PushPreferences }) {
  const save = useAppMutation(UpdatePushPreferencesMutation)
  const [status, setStatus] = useState('')
  const change = async (kind: (typeof PUSH_KINDS)[number], on: boolean) => {
    setStatus('')
    const input = pushPreferencesSchema.parse({ ...preferences, [kind]: on })
    const outcome = await save.run({ input })
    if (outcome.ok) {
      setStatus(`${PUSH_KIND_LABELS[kind].label}: notifications ${on ? 'on' : 'off'}.`)
    }
  }
  return (
    <fieldset className="mt-5 grid gap-3">
      <legend className="mb-1 text-sm font-bold text-slate-900">What to notify me about</legend>
      <p className="text-sm text-slate-600">These apply to every device you turn notifications on in.</p>
      {PUSH_KINDS.map((kind) => (
        <label key={kind} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={preferences[kind]}
            aria-busy={save.fetching || undefined}
            onChange={(e) => void change(kind, e.target.checked)}
          />
          <span>
            <span className="font-semibold">{PUSH_KIND_LABELS[kind].label}</span>
            <span className="block text-slate-600">{PUSH_KIND_LABELS[kind].hint}</span>
          </span>
        </label>
      ))}
      <p role="status" className="text-sm font-semibold text-green-800 empty:hidden">
        {status}
      </p>
    </fieldset>
  )
}
