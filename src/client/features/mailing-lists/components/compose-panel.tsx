import { useState, type FormEvent } from 'react'
import { useClient } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  MailingListPreviewQuery,
  SendListMessageMutation,
  SendListTestMutation,
} from '../graphql/mailing-lists.query.ts'

/** Compose a message in Markdown, preview it, send a test to yourself, send it to the list. */
export function ComposePanel({
  slug,
  subscribed,
  onSent,
}: {
  slug: string
  subscribed: number
  onSent: () => void
}) {
  const client = useClient()
  const [subject, setSubject] = useState('')
  const [markdown, setMarkdown] = useState('')
  const [preview, setPreview] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const send = useAppMutation(SendListMessageMutation, { report: 'inline' })
  const test = useAppMutation(SendListTestMutation, { report: 'inline' })
  const errors = problemsByField([...(send.failure?.fields ?? []), ...(test.failure?.fields ?? [])])

  async function showPreview() {
    const result = await client
      .query(MailingListPreviewQuery, { markdown }, { requestPolicy: 'network-only' })
      .toPromise()
    setPreview(result.data?.mailingListPreview ?? null)
  }

  async function onSend(event: FormEvent) {
    event.preventDefault()
    if (!confirming) {
      setConfirming(true)
      return
    }
    const outcome = await send.run({ slug, subject, markdown }, { success: 'Sending has started.' })
    setConfirming(false)
    if (outcome.ok) {
      setSubject('')
      setMarkdown('')
      setPreview(null)
      onSent()
    }
  }

  return (
    <Panel as="section" aria-labelledby="compose-title" className="mt-6">
      <h2 id="compose-title" className="text-lg font-bold text-brand-950">
        Send a message
      </h2>
      <form onSubmit={onSend} noValidate className="mt-3 grid gap-4">
        <TextField
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          error={errors.subject}
        />
        <div>
          <label htmlFor="compose-body" className="block text-sm font-semibold text-slate-900">
            Message (Markdown)
          </label>
          <textarea
            id="compose-body"
            rows={8}
            className={`mt-1 ${fieldClass('md', Boolean(errors.markdown))}`}
            value={markdown}
            onChange={(e) => setMarkdown(e.target.value)}
            aria-describedby={errors.markdown ? 'compose-body-error' : undefined}
          />
          {errors.markdown ? (
            <p id="compose-body-error" className="mt-1 text-sm text-red-800">
              {errors.markdown}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-slate-700">
          Each email gets an unsubscribe link and one-click unsubscribe headers.
        </p>
        {send.message || test.message ? (
          <p role="alert" className="text-sm text-red-800">
            {send.message ?? test.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" onClick={showPreview} disabled={!markdown.trim()}>
            Preview
          </Button>
          <Button
            type="button"
            variant="secondary"
            pending={test.fetching}
            onClick={() =>
              void test.run(
                { slug, subject, markdown },
                { success: (d) => `Test sent to ${d.sendMailingListTest}.` },
              )
            }
          >
            Send a test to me
          </Button>
          <Button type="submit" pending={send.fetching}>
            {confirming ? `Yes, send to ${String(subscribed)} subscribers` : 'Send to the list'}
          </Button>
          {confirming ? (
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      {preview !== null ? (
        <section aria-label="Preview" className="prose mt-4 max-w-none rounded-lg p-4 ring-1 ring-slate-200">
          {/* Sanitised by the server (the same renderer as the email). */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
    </Panel>
  )
}
