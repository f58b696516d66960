import { useId, useState } from 'react'
import toast from 'react-hot-toast'
import { useClient } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import type { MessagePreviewQuery as Preview, ParticipantFilterInput } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { MessagePreviewQuery, SendParticipantMessageMutation } from '../graphql/operations.query.ts'

const PLACEHOLDERS = '{{name}}, {{eventTitle}}, {{applicationType}}, {{amountOwed}}, {{link}}'

/** Email everyone the participants filter shows, from a template: write, preview, then send. */
export function MessageDialog({
  eventSlug,
  filter,
  count,
  onClose,
}: {
  eventSlug: string
  filter: ParticipantFilterInput
  count: number
  onClose: () => void
}) {
  const client = useClient()
  const ids = { subject: useId(), body: useId(), hint: useId() }
  const [subject, setSubject] = useState('')
  const [body, setBody] = useState('Hi {{name}},\n\n')
  const [preview, setPreview] = useState<Preview['messagePreview'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const send = useAppMutation(SendParticipantMessageMutation, { report: 'inline' })
  const variables = { eventSlug, filter, subject, body }

  async function showPreview() {
    setLoading(true)
    const result = await client
      .query(MessagePreviewQuery, variables, { requestPolicy: 'network-only' })
      .toPromise()
    setLoading(false)
    setPreview(result.data?.messagePreview ?? null)
    setError(result.error ? (result.error.graphQLErrors[0]?.message ?? result.error.message) : null)
  }

  async function doSend() {
    const outcome = await send.run(variables)
    if (outcome.ok) {
      toast.success(`Message sent to ${outcome.data.sendParticipantMessage.length} member(s).`)
      onClose()
    }
  }

  const edit = (apply: () => void) => {
    apply()
    setPreview(null)
  }

  return (
    <Dialog title="Message these participants" onClose={onClose} wide>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          To everyone the table shows ({count} row{count === 1 ? '' : 's'}), each once, through the outbox;
          recorded on each member’s record.
        </p>
        <div>
          <label htmlFor={ids.subject} className="block text-sm font-semibold text-slate-900">
            Subject
          </label>
          <input
            id={ids.subject}
            className={`mt-1 ${fieldClass()}`}
            value={subject}
            maxLength={200}
            onChange={(e) => edit(() => setSubject(e.target.value))}
          />
        </div>
        <div>
          <label htmlFor={ids.body} className="block text-sm font-semibold text-slate-900">
            Message (Markdown)
          </label>
          <textarea
            id={ids.body}
            aria-describedby={ids.hint}
            rows={8}
            className={`mt-1 ${fieldClass()}`}
            value={body}
            onChange={(e) => edit(() => setBody(e.target.value))}
          />
          <p id={ids.hint} className="mt-1 text-sm text-slate-700">
            Placeholders: {PLACEHOLDERS}
          </p>
        </div>
        {error || send.message ? (
          <p role="alert" className="text-red-800">
            {error ?? send.message}
          </p>
        ) : null}
        {preview ? (
          <section aria-label="Preview" className="space-y-3">
            <div className="rounded-lg bg-brand-50 p-3 ring-1 ring-brand-100">
              <p className="font-semibold">Subject: {preview.subject}</p>
              <pre className="mt-2 text-sm whitespace-pre-wrap">{preview.text}</pre>
            </div>
            <p className="text-sm font-semibold">
              Goes to {preview.recipients.length} member{preview.recipients.length === 1 ? '' : 's'}:
            </p>
            <ul className="max-h-48 overflow-auto text-sm">
              {preview.recipients.map((r) => (
                <li key={r.userId}>
                  {r.name} ({r.email})
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => void showPreview()} pending={loading}>
            Preview
          </Button>
          <Button onClick={() => void doSend()} pending={send.fetching} disabled={!preview}>
            {preview
              ? `Send to ${preview.recipients.length} member${preview.recipients.length === 1 ? '' : 's'}`
              : 'Send (preview first)'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
