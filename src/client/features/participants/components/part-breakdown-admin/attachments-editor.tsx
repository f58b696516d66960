import { useId, useState } from 'react'
import { applicationTypeLabel } from '#core/applications/status-wording.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { uploadFile, type UploadedFile } from '#client/lib/upload.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import {
  AddEventAttachmentMutation,
  RemoveEventAttachmentMutation,
} from '../../graphql/participants.queries.ts'
import { input } from './field.ts'

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
  const [title, setTitle] = useState('')
  const [type, setType] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const add = useAppMutation(AddEventAttachmentMutation, {
    report: 'inline',
    fallback: 'Could not attach the file.',
  })
  const remove = useAppMutation(RemoveEventAttachmentMutation)
  const ids = { title: useId(), type: useId(), file: useId() }
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
      <form
        className="mt-3 grid gap-3 sm:grid-cols-4"
        onSubmit={async (e) => {
          e.preventDefault()
          setError(null)
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
              applicationType: type || null,
              title: title.trim(),
              fileKey: stored.key,
            })
            if (!added.ok) return setError(added.message)
            setTitle('')
            setFile(null)
            onSaved()
          } finally {
            setBusy(false)
          }
        }}
      >
        <label htmlFor={ids.title} className="font-medium">
          Title
          <input id={ids.title} className={input} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label htmlFor={ids.type} className="font-medium">
          For
          <select id={ids.type} className={input} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Every type</option>
            {Object.keys(types).map((t) => (
              <option key={t} value={t}>
                {applicationTypeLabel(t, types)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.file} className="font-medium">
          PDF
          <input
            id={ids.file}
            type="file"
            accept="application/pdf,.pdf"
            className="mt-1 block w-full"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <div className="self-end">
          <Button type="submit" disabled={busy}>
            Upload and attach
          </Button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-red-800">
          {error}
        </p>
      ) : null}
    </Panel>
  )
}
