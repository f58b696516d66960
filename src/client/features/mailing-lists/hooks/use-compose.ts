import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useClient, useQuery } from 'urql'
import { messageTemplateSchema, sendMessageSchema } from '#core/mailing-lists/mailing-list.ts'
import { zodResolver } from '#client/components/ui/form/index.ts'
import { fromDateTimeLocal } from '#client/lib/datetime-local.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import {
  MailingListPreviewQuery,
  MailingListTemplatesQuery,
  SaveListTemplateMutation,
  SendListMessageMutation,
  SendListTestMutation,
} from '../graphql/mailing-lists.query.ts'

export interface ComposeValues {
  subject: string
  markdown: string
  /** The other lists it also goes to, by slug. */
  alsoTo: Record<string, boolean>
  when: 'now' | 'later'
  sendAtLocal: string
  template: string
  templateName: string
}

/** A wall-clock time that is not one: the schema's "Give a date and time" answers it. */
const NOT_A_TIME = 'not a time'

/** What the send mutation and the shared schema read from the form. */
function toSend(slug: string, values: ComposeValues, timeZone: string | undefined) {
  const alsoTo = Object.entries(values.alsoTo)
    .filter(([, on]) => on)
    .map(([other]) => other)
  const sendAt =
    values.when === 'later'
      ? ((timeZone && fromDateTimeLocal(values.sendAtLocal, timeZone)) ?? NOT_A_TIME)
      : null
  return { subject: values.subject, markdown: values.markdown, alsoTo, lists: [slug, ...alsoTo], sendAt }
}

const formPath = (path: string) =>
  path === 'sendAt' ? 'sendAtLocal' : path.startsWith('lists') ? 'when' : path

/**
 * The compose form of a list's page: subject and Markdown, other lists to send to (each address
 * once), now or at a time (scheduled), a template to start from or save as; preview and a test send.
 */
export function useCompose({ slug, onSent }: { slug: string; onSent: () => void }) {
  const client = useClient()
  const timeZone = useSocietyTimeZone()
  const form = useForm<ComposeValues>({
    defaultValues: {
      subject: '',
      markdown: '',
      alsoTo: {},
      when: 'now',
      sendAtLocal: '',
      template: '',
      templateName: '',
    },
    resolver: zodResolver<ComposeValues>(sendMessageSchema, {
      toInput: (values) => toSend(slug, values, timeZone),
      pathOf: (path) => formPath(path.map(String).join('.')),
    }),
  })
  const [templates, refetchTemplates] = useQuery({ query: MailingListTemplatesQuery })
  const [preview, setPreview] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const send = useAppMutation(SendListMessageMutation, { report: 'inline' })
  const test = useAppMutation(SendListTestMutation, { report: 'inline' })
  const saveTemplate = useAppMutation(SaveListTemplateMutation, { report: 'inline' })

  // Choosing a template fills the subject and the message.
  const chosen = useWatch({ control: form.control, name: 'template' })
  const when = useWatch({ control: form.control, name: 'when' })
  const alsoTo = useWatch({ control: form.control, name: 'alsoTo' })
  useEffect(() => {
    const template = templates.data?.mailingListTemplates.find((t) => t.id === chosen)
    if (!template) return
    form.setValue('subject', template.subject, { shouldDirty: true })
    form.setValue('markdown', template.markdown, { shouldDirty: true })
    form.setValue('templateName', template.name)
  }, [chosen, templates.data, form])

  async function showPreview() {
    const result = await client
      .query(
        MailingListPreviewQuery,
        { markdown: form.getValues('markdown') },
        { requestPolicy: 'network-only' },
      )
      .toPromise()
    setPreview(result.data?.mailingListPreview ?? null)
  }

  const place = { setError: form.setError, place: undefined }

  async function submit(values: ComposeValues) {
    if (!confirming) {
      setConfirming(true)
      return
    }
    const input = toSend(slug, values, timeZone)
    const sendAt = input.sendAt === NOT_A_TIME ? null : input.sendAt
    const outcome = await send.run(
      { slug, subject: input.subject, markdown: input.markdown, alsoTo: input.alsoTo, sendAt },
      {
        success: (d) =>
          d.sendMailingListMessage.sendAt
            ? `Scheduled for ${formatDateTime(d.sendMailingListMessage.sendAt, timeZone)}.`
            : 'Sending has started.',
        form: {
          setError: form.setError,
          place: (fields) => ({
            fields: Object.fromEntries(fields.map((f) => [formPath(f.path), f.message])),
            other: [],
          }),
        },
      },
    )
    setConfirming(false)
    if (outcome.ok) {
      form.reset()
      setPreview(null)
      onSent()
    }
  }

  async function sendTest() {
    const { subject, markdown } = form.getValues()
    await test.run(
      { slug, subject, markdown },
      { success: (d) => `Test sent to ${d.sendMailingListTest}.`, form: place },
    )
  }

  async function saveAsTemplate() {
    const { templateName: name, subject, markdown } = form.getValues()
    const parsed = messageTemplateSchema.safeParse({ name, subject, markdown })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = issue.path[0] === 'name' ? 'templateName' : String(issue.path[0])
        form.setError(at === 'subject' || at === 'markdown' ? at : 'templateName', {
          type: 'server',
          message: issue.message,
        })
      }
      return
    }
    const outcome = await saveTemplate.run(parsed.data, {
      success: (d) => `Saved as the template “${d.saveMailingListTemplate.name}”.`,
    })
    if (outcome.ok) refetchTemplates({ requestPolicy: 'network-only' })
  }

  return {
    form,
    templates: templates.data?.mailingListTemplates ?? [],
    preview,
    showPreview,
    confirming,
    setConfirming,
    submit,
    sendTest,
    saveAsTemplate,
    message: send.message ?? test.message ?? saveTemplate.message,
    sending: send.fetching,
    testing: test.fetching,
    savingTemplate: saveTemplate.fetching,
    later: when === 'later',
    /** How many other lists are ticked. */
    alsoToCount: Object.values(alsoTo).filter(Boolean).length,
  }
}
