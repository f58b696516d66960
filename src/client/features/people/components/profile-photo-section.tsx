import { useId, useRef, useState, type ChangeEvent } from 'react'
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '#core/profiles/profile.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { initialsOf } from '#client/components/ui/avatar.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { withToken } from '../account-api.ts'
import { RemoveProfilePhotoMutation } from '../graphql/my-profile.query.ts'

/** Before sending: the server's own words for a file it would refuse. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return 'A profile photo must be a JPEG, PNG, WebP or GIF image.'
  }
  if (file.size > PHOTO_MAX_BYTES) return 'A profile photo can be at most 5 MB.'
  return null
}

/** The photo: uploaded, cropped square by the server, shown through its signed link. */
export function ProfilePhotoSection({
  name,
  photoUrl,
  onChanged,
}: {
  name: string
  photoUrl: string | null
  onChanged: () => void
}) {
  const id = useId()
  const auth = useAuthClient()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)
  const remove = useAppMutation(RemoveProfilePhotoMutation)

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const local = photoProblem(file)
    setStatus('')
    if (local) return setProblem(local)
    setProblem(null)
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file)
      await withToken(await auth.getToken(), '/api/profile/photo', { method: 'POST', body: form })
      setStatus('Your photo is saved.')
      onChanged()
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The photo could not be saved.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-wrap items-center gap-5">
      {photoUrl ? (
        <img
          src={photoUrl}
          alt="Your profile photo"
          className="size-24 rounded-full object-cover ring-2 ring-brand-200"
        />
      ) : (
        <span
          aria-hidden
          className="flex size-24 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
        >
          {initialsOf(name)}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
          Photo
        </h2>
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          JPEG, PNG, WebP or GIF up to 5 MB. It is cropped to a square around what matters in it.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label="Photo file"
            aria-describedby={`${id}-hint`}
            onChange={onFile}
          />
          <Button type="button" pending={busy} onClick={() => input.current?.click()}>
            {photoUrl ? 'Change photo' : 'Upload a photo'}
          </Button>
          {photoUrl ? (
            <Button
              type="button"
              variant="secondary"
              pending={remove.fetching}
              onClick={async () => {
                const outcome = await remove.run({})
                if (outcome.ok) {
                  setStatus('Your photo is removed.')
                  onChanged()
                }
              }}
            >
              Remove photo
            </Button>
          ) : null}
        </div>
        <p role="status" className="mt-2 text-sm font-semibold text-green-800 empty:hidden">
          {status}
        </p>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    </Panel>
  )
}
