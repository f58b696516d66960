import { Paperclip } from 'lucide-react'
import { useId, useState } from 'react'
import type { Question } from '#core/events/event-config.schemas.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import { percent, uploadFile } from '#client/lib/upload.ts'
import { uploadPurpose } from '../form-values.ts'
import { FormInput } from './form-input.tsx'

interface UploadState {
  progress: number | null
  error: string | null
}

/** A file question: uploads at once to POST /api/files and keeps the key and the file's name. */
export function FileAnswer({
  name,
  question,
  value,
  onChange,
}: {
  name: string
  question: Question
  value: { key: string; name: string } | null
  onChange: (value: { key: string; name: string } | null) => void
}) {
  const auth = useAuthClient()
  const [state, setState] = useState<UploadState>({ progress: null, error: null })
  const statusId = useId()

  const upload = async (file: File) => {
    setState({ progress: 0, error: null })
    const token = await auth.getToken()
    if (!token) return setState({ progress: null, error: 'Your sign-in has expired. Sign in again.' })
    try {
      const stored = await uploadFile(file, uploadPurpose(file.type), token, (p) =>
        setState({ progress: percent(p), error: null }),
      ).promise
      setState({ progress: null, error: null })
      onChange({ key: stored.key, name: file.name })
    } catch (error) {
      setState({ progress: null, error: (error as Error).message })
    }
  }

  return (
    <FormInput
      name={name}
      label={question.label}
      required={question.required}
      hint={question.help ?? 'A PDF, an image or an audio recording.'}
    >
      {(props) => (
        <>
          <input
            type="file"
            accept="application/pdf,image/*,audio/*"
            {...props}
            aria-describedby={[props['aria-describedby'], statusId].filter(Boolean).join(' ')}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void upload(file)
            }}
          />
          <div id={statusId} aria-live="polite" className="mt-1.5 text-sm text-slate-700">
            {state.progress !== null ? (
              <progress max={100} value={state.progress} aria-label="Upload progress" className="w-full" />
            ) : null}
            {state.progress !== null ? `Uploading… ${state.progress}%` : null}
            {state.error ? <span className="font-medium text-red-700">{state.error}</span> : null}
            {value && state.progress === null ? (
              <span className="flex items-center gap-2">
                <Paperclip aria-hidden="true" className="size-4" /> Uploaded: {value.name}
                <button
                  type="button"
                  className="font-medium text-brand-800 underline"
                  onClick={() => onChange(null)}
                >
                  Remove
                </button>
              </span>
            ) : null}
          </div>
        </>
      )}
    </FormInput>
  )
}
