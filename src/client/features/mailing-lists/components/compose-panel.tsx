import { Button } from '#client/components/ui/button.tsx'
import {
  Checkbox,
  DateTimeInput,
  Form,
  Group,
  Select,
  Textarea,
  TextInput,
} from '#client/components/ui/form/index.ts'
import { RadioGroup } from '#client/components/ui/form/radio-group.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useCompose, type ComposeValues } from '../hooks/use-compose.ts'

const WHEN = [
  { value: 'now', label: 'Now' },
  { value: 'later', label: 'At a time I choose' },
] as const

/**
 * Compose a message in Markdown (or from a template), preview it, send a test to yourself, send it
 * to this list and any others (each address once), now or later.
 */
export function ComposePanel({
  slug,
  subscribed,
  otherLists,
  onSent,
}: {
  slug: string
  subscribed: number
  otherLists: readonly { slug: string; name: string }[]
  onSent: () => void
}) {
  const c = useCompose({ slug, onSent })
  const alsoTo = c.alsoToCount
  const confirmLabel = c.later
    ? 'Yes, schedule it'
    : alsoTo > 0
      ? `Yes, send to ${String(alsoTo + 1)} lists`
      : `Yes, send to ${String(subscribed)} subscribers`
  return (
    <Panel as="section" aria-labelledby="compose-title" className="mt-6">
      <h2 id="compose-title" className="text-lg font-bold text-brand-950">
        Send a message
      </h2>
      <Form
        form={c.form}
        onSubmit={c.submit}
        idPrefix="compose"
        message={c.message}
        className="mt-3 grid gap-4"
      >
        {c.templates.length > 0 ? (
          <Select<ComposeValues>
            name="template"
            label="Start from a template"
            placeholder="No template"
            options={c.templates.map((t) => ({ value: t.id, label: t.name }))}
          />
        ) : null}
        <TextInput<ComposeValues> name="subject" label="Subject" />
        <Textarea<ComposeValues> name="markdown" label="Message (Markdown)" rows={8} markdown />
        {otherLists.length > 0 ? (
          <Group
            level="row"
            legend="Also send to"
            description="Someone on several of these lists gets it once."
          >
            <div className="grid gap-2 sm:grid-cols-2">
              {otherLists.map((list) => (
                <Checkbox<ComposeValues> key={list.slug} name={`alsoTo.${list.slug}`} label={list.name} />
              ))}
            </div>
          </Group>
        ) : null}
        <RadioGroup<ComposeValues> name="when" legend="Send" options={WHEN} />
        {c.later ? (
          <DateTimeInput<ComposeValues>
            name="sendAtLocal"
            label="Send at"
            hint="The society's time. It can be cancelled until then."
          />
        ) : null}
        <p className="text-sm text-slate-700">
          Each email gets an unsubscribe link and one-click unsubscribe headers.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" onClick={() => void c.showPreview()}>
            Preview
          </Button>
          <Button type="button" variant="secondary" pending={c.testing} onClick={() => void c.sendTest()}>
            Send a test to me
          </Button>
          <Button type="submit" pending={c.sending}>
            {c.confirming
              ? confirmLabel
              : c.later
                ? 'Schedule'
                : alsoTo > 0
                  ? 'Send to the lists'
                  : 'Send to the list'}
          </Button>
          {c.confirming ? (
            <Button type="button" variant="secondary" onClick={() => c.setConfirming(false)}>
              Cancel
            </Button>
          ) : null}
        </div>
        <Group level="row" legend="Save as a template">
          <div className="flex flex-wrap items-end gap-3">
            <TextInput<ComposeValues>
              name="templateName"
              label="Template name"
              hint="Saving under a name already used replaces that template."
              className="min-w-0 flex-1"
            />
            <Button
              type="button"
              variant="secondary"
              pending={c.savingTemplate}
              onClick={() => void c.saveAsTemplate()}
            >
              Save as template
            </Button>
          </div>
        </Group>
      </Form>
      {c.preview !== null ? (
        <section aria-label="Preview" className="prose mt-4 max-w-none rounded-lg p-4 ring-1 ring-slate-200">
          {/* Sanitised by the server (the same renderer as the email). */}
          <div dangerouslySetInnerHTML={{ __html: c.preview }} />
        </section>
      ) : null}
    </Panel>
  )
}
