import { useEffect, useId, useState } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel, panelClass } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { EmailTemplateKey, EmailTemplatesQuery as TemplatesData } from '#client/gql/graphql.ts'
import { errorMessage } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import {
  EmailTemplatesQuery,
  PreviewEmailTemplateQuery,
  ResetEmailTemplateMutation,
  UpdateEmailTemplateMutation,
} from '../graphql/acceptance.query.ts'

type Template = TemplatesData['emailTemplates'][number]
type Placeholder = TemplatesData['emailTemplatePlaceholders'][number]

const TEMPLATE_NAMES: Record<EmailTemplateKey, string> = {
  APPLICATION_SUBMITTED: 'Application received',
  APPLICATION_OFFERED: 'Offer of a place',
  APPLICATION_WAITLISTED: 'Waiting list',
  APPLICATION_REJECTED: 'Not this time',
  APPLICATION_CONFIRMED: 'Place confirmed',
  APPLICATION_EXPIRED: 'Offer expired',
  APPLICATION_OFFER_REMINDER: 'Offer expires in 24 hours',
}

function useDebounced<T>(value: T, ms = 400): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function TemplateEditor({ template, placeholders }: { template: Template; placeholders: Placeholder[] }) {
  const [subject, setSubject] = useState(template.subject)
  const [body, setBody] = useState(template.body)
  const save = useAppMutation(UpdateEmailTemplateMutation, { report: 'inline', fallback: 'Could not save.' })
  const reset = useAppMutation(ResetEmailTemplateMutation, { report: 'inline', fallback: 'Could not reset.' })
  const problem = save.message ?? reset.message
  const bodyId = useId()
  const headingId = useId()
  const draft = useDebounced({ subject, body })
  const [preview] = useQuery({
    query: PreviewEmailTemplateQuery,
    variables: { key: template.key, ...draft },
    pause: !draft.subject.trim() || !draft.body.trim(),
    requestPolicy: 'network-only',
  })
  const changed = subject !== template.subject || body !== template.body

  async function onSave() {
    reset.reset()
    await save.run(
      { key: template.key, subject, body },
      { success: `“${TEMPLATE_NAMES[template.key]}” saved.` },
    )
  }
  async function onReset() {
    save.reset()
    const outcome = await reset.run({ key: template.key }, { success: 'Back to the default wording.' })
    if (outcome.ok) {
      setSubject(outcome.data.resetEmailTemplate.subject)
      setBody(outcome.data.resetEmailTemplate.body)
    }
  }

  return (
    <Panel as="article" aria-labelledby={headingId} padding="compact">
      <h2 id={headingId} className="text-lg font-bold text-brand-950">
        {TEMPLATE_NAMES[template.key]}{' '}
        <span className="text-sm font-normal text-slate-700">
          ({template.customised ? 'edited' : 'default'})
        </span>
      </h2>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          <TextField
            label="Subject"
            value={subject}
            maxLength={200}
            onChange={(e) => setSubject(e.target.value)}
          />
          <div>
            <label htmlFor={bodyId} className="block text-sm font-semibold text-slate-900">
              Text
            </label>
            <p id={`${bodyId}-hint`} className="text-sm text-slate-700">
              Markdown. Placeholders: {placeholders.map((p) => `{{${p.name}}}`).join(', ')}.
            </p>
            <textarea
              id={bodyId}
              aria-describedby={`${bodyId}-hint`}
              rows={8}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              className={`mt-1 ${fieldClass('sm')} font-mono`}
            />
          </div>
          {problem ? (
            <p role="alert" className="text-red-800">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={onSave} pending={save.fetching} disabled={!changed}>
              Save
            </Button>
            {template.customised ? (
              <Button variant="secondary" onClick={onReset} pending={reset.fetching}>
                Reset to default
              </Button>
            ) : null}
          </div>
        </div>
        <div aria-live="polite" className="min-w-0 rounded-xl bg-slate-50 p-3">
          <h3 className="text-sm font-bold text-slate-900">Preview, with sample values</h3>
          {preview.error ? (
            <p className="mt-2 text-sm text-red-800">{errorMessage(preview.error)}</p>
          ) : preview.data ? (
            <>
              <p className="mt-2 text-sm font-semibold text-slate-900">
                {preview.data.previewEmailTemplate.subject}
              </p>
              <div
                className="prose prose-sm mt-2 max-w-none break-words text-slate-800"
                // The server renders Markdown to sanitised HTML, as for every other Markdown block.
                dangerouslySetInnerHTML={{ __html: preview.data.previewEmailTemplate.html }}
              />
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-700">Type a subject and text to see the preview.</p>
          )}
        </div>
      </div>
    </Panel>
  )
}

/** `/admin/acceptance/{eventSlug}/templates`: the six application emails, with placeholder help and a live preview. */
export function EmailTemplatesPage() {
  const { eventSlug = '' } = useParams()
  const query = useQuery({ query: EmailTemplatesQuery, requestPolicy: 'cache-and-network' })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Email templates · Stagedoor</title>
      <p className="text-sm">
        <Link to={`/admin/acceptance/${encodeURIComponent(eventSlug)}`} className="text-brand-800 underline">
          Back to acceptance
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">
        Email templates
      </h1>
      <p className="mt-2 text-slate-700">
        What members receive at each step. These are the society’s templates, shared by every event.
      </p>
      <QueryView query={query} loadingLabel="Loading the templates…" what="the templates" level={2}>
        {({ emailTemplates, emailTemplatePlaceholders }) => (
          <>
            <details className={`${panelClass('compact')} mt-6`}>
              <summary className="cursor-pointer font-semibold text-brand-900">
                Placeholders you can use
              </summary>
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {emailTemplatePlaceholders.map((p) => (
                  <div key={p.name} className="contents">
                    <dt className="font-mono text-brand-950">{`{{${p.name}}}`}</dt>
                    <dd className="text-slate-700">{p.description}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-2 text-sm text-slate-700">
                Show text only when a value exists: {'{{#amountOwed}}'}You owe {'{{amountOwed}}'}.
                {'{{/amountOwed}}'}
              </p>
            </details>
            <div className="mt-6 space-y-6">
              {emailTemplates.map((template) => (
                <TemplateEditor
                  key={template.key}
                  template={template}
                  placeholders={emailTemplatePlaceholders}
                />
              ))}
            </div>
          </>
        )}
      </QueryView>
    </div>
  )
}
