import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { MAILING_MESSAGE_STATUS_LABELS } from '#core/mailing-lists/mailing-list.ts'
import type { ListMessageFieldsFragment as Message } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { CancelListMessageMutation } from '../graphql/mailing-lists.query.ts'

/** A list's messages: sent, sending (with progress) and scheduled (cancellable until they go). */
export function MessagesPanel({
  messages,
  onChange,
}: {
  messages: readonly Message[]
  onChange: () => void
}) {
  const timeZone = useSocietyTimeZone()
  const cancel = useAppMutation(CancelListMessageMutation)
  if (messages.length === 0) return null
  const progress = (m: Message) => {
    const lists = m.listCount > 1 ? ` on ${String(m.listCount)} lists` : ''
    switch (m.status) {
      case 'sent':
        return `sent to ${String(m.total)}${lists}`
      case 'sending':
        return `sending: ${String(m.queued)} of ${String(m.total)} queued`
      case 'scheduled':
        return `scheduled for ${m.sendAt ? formatDateTime(m.sendAt, timeZone) : 'later'}${lists}`
      default:
        return MAILING_MESSAGE_STATUS_LABELS[m.status].toLowerCase()
    }
  }
  return (
    <Panel as="section" aria-labelledby="sent-title" className="mt-6">
      <h2 id="sent-title" className="text-lg font-bold text-brand-950">
        Messages
      </h2>
      <ul className="mt-2 grid gap-2 text-sm">
        {messages.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              <span className="font-semibold">{m.subject}</span> · {formatDateTime(m.createdAt, timeZone)} ·{' '}
              {progress(m)}
            </span>
            {m.status === 'sending' ? (
              <progress
                className="align-middle"
                max={m.total}
                value={m.queued}
                aria-label={`${m.subject} progress`}
              />
            ) : null}
            {m.status === 'scheduled' ? (
              <Button
                variant="secondary"
                pending={cancel.fetching}
                aria-label={`Cancel ${m.subject}`}
                onClick={async () => {
                  const outcome = await cancel.run(
                    { id: m.id },
                    { success: `${m.subject} will not be sent.` },
                  )
                  if (outcome.ok) onChange()
                }}
              >
                Cancel
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  )
}
