import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { Button } from '#client/components/ui/button.tsx'
import { FieldShell, Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { uploadFile, type UploadedFile } from '#client/lib/upload.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import {
  AddEventAttachmentMutation,
  RemoveEventAttachmentMutation,
} from '../../graphql/participants.queries.ts'

interface AttachmentValues {
  title: string
  /** "" is every type. */
  applicationType: string
  file: FileList | null
}

/** The info pack's PDF attachments, for every type or one: upload, attach, remove. */
export function Attachments({
  slug,
  types,
  attachments,
  onSaved,
}: {
  slug: string
  types: Readonly<Record<string, { label?: string }>>
  attachments: { id: string; applicationType: string | null; title: string; fileName: string; url: string }[]
  onSaved: () => void
}) {
  const auth = useAuthClient()
  const form = useForm<AttachmentValues>({ defaultValues: { title: '', applicationType: '', file: null } })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const add = useAppMutation(AddEventAttachmentMutation, {
    report: 'inline',
    fallback: 'Could not attach the file.',
  })
  const remove = useAppMutation(RemoveEventAttachmentMutation)
  return (
    <Panel as="section" aria-labelledby="attachments-admin-heading" className="mt-6">
      <h2 id="attachments-admin-heading" className="text-lg font-bold text-brand-950">
        Info pack attachments
      </h2>
      <ul className="mt-2 divide-y divide-brand-100">
        {attachments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <a href={a.url} className="font-medium text-brand-800 underline">
                {a.title}
              </a>{' '}
              <span className="text-sm text-slate-600">
                ({a.applicationType ? applicationTypeLabel(a.applicationType, types) : 'every type'} ·{' '}
                {a.fileName})
              </span>
            </span>
            <Button
              type="button"
              variant="secondary"
              aria-label={`Remove ${a.title}`}
              onClick={async () => {
                if ((await remove.run({ id: a.id })).ok) onSaved()
              }}
            >
              Remove
            </Button>
          </li>
        ))}
        {attachments.length === 0 ? <li className="py-2 text-slate-700">No attachments yet.</li> : null}
      </ul>
      <Form
        form={form}
        idPrefix="attachment"
        summary={false}
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async ({ title, applicationType, file: files }) => {
          setError(null)
          const file = files?.[0]
          if (!file || !title.trim()) return setError('Choose a PDF and give it a title.')
          const token = await auth.getToken()
          if (!token) return setError('Your sign-in has expired. Sign in again.')
          setBusy(true)
          try {
            let stored: UploadedFile
            try {
              stored = await uploadFile(file, 'document', token).promise
            } catch (error) {
              return setError((error as Error).message)
            }
            const added = await add.run({
              eventSlug: slug,
              applicationType: applicationType || null,
              title: title.trim(),
              fileKey: stored.key,
            })
            if (!added.ok) return setError(added.message)
            form.reset()
            onSaved()
          } finally {
            setBusy(false)
          }
        }}
      >
        <TextInput<AttachmentValues> name="title" label="Title" />
        <Select<AttachmentValues>
          name="applicationType"
          label="For"
          placeholder="Every type"
          options={Object.keys(types).map((t) => ({ value: t, label: applicationTypeLabel(t, types) }))}
        />
        <FieldShell name="file" label="PDF">
          {({ id, aria }) => (
            <input
              id={id}
              type="file"
              accept="application/pdf,.pdf"
              className="mt-1 block w-full"
              {...form.register('file')}
              {...aria}
            />
          )}
        </FieldShell>
        <div className="self-end">
          <Button type="submit" disabled={busy}>
            Upload and attach
          </Button>
        </div>
      </Form>
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </Panel>
  )
}
