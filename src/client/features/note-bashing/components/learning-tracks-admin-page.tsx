import { useId, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useMutation, useQuery } from 'urql'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { LearningTracksQueryQuery } from '#client/gql/graphql.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'
import {
  AddLearningTrackMutation,
  LearningTracksQuery,
  RemoveLearningTrackMutation,
} from '../graphql/learning-tracks.query.ts'
import { percent, uploadFile, type UploadProgress } from '#client/lib/upload.ts'
import { precheckAudio } from '../upload.ts'
import { numberName } from './note-bashing-page.tsx'

type Data = LearningTracksQueryQuery['learningTracks']
type Track = Data['tracks'][number]
type NumberRow = Data['numbers'][number]

/** `/admin/events/:slug/learning-tracks`: upload a track per number and part (or for everyone). */
export function LearningTracksAdminPage({ notFound }: { notFound: ReactNode }) {
  const { slug = '' } = useParams()
  const query = useQuery({
    query: LearningTracksQuery,
    variables: { eventSlug: slug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8">
      <QueryView
        query={query}
        loadingLabel="Loading the learning tracks…"
        what="the learning tracks"
        notFound={notFound}
      >
        {({ learningTracks }) => (
          <TracksGrid data={learningTracks} onChanged={() => query[1]({ requestPolicy: 'network-only' })} />
        )}
      </QueryView>
    </div>
  )
}

function TracksGrid({ data, onChanged }: { data: Data; onChanged: () => void }) {
  const columns: (string | null)[] = [...data.parts, null]
  const slug = encodeURIComponent(data.eventSlug)
  return (
    <section>
      <title>{`Learning tracks · ${data.eventTitle} · Stagedoor admin`}</title>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin/events" className="font-medium text-brand-800 underline">
          Events
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-brand-950 sm:text-3xl">
        Learning tracks: {data.eventTitle}
      </h1>
      <p className="mt-2 max-w-prose text-slate-700">
        Upload an MP3, M4A, Ogg or WAV file for each number and part, or one for everyone. A new upload
        replaces the track already there. Members see them on{' '}
        <Link to={`/${slug}/note-bashing`} className="font-medium text-brand-800 underline">
          the note-bashing page
        </Link>{' '}
        once the info pack is released.
      </p>
      {data.numbers.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-brand-100">
          This event has no numbers yet. Add them in the event&rsquo;s part breakdown first.
        </p>
      ) : (
        <div className="relative mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-brand-100">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Learning tracks by number and part</caption>
            <thead className="bg-brand-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Number
                </th>
                {columns.map((part) => (
                  <th key={part ?? '*'} scope="col" className="px-3 py-2 font-semibold">
                    {part ?? 'Everyone'}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.numbers.map((n) => (
                <tr key={n.id} className="border-t border-slate-100 align-top">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {numberName(n)}
                  </th>
                  {columns.map((part) => (
                    <td key={part ?? '*'} className="min-w-48 px-3 py-2">
                      <TrackCell
                        eventSlug={data.eventSlug}
                        number={n}
                        part={part}
                        track={data.tracks.find((t) => t.numberId === n.id && t.part === part)}
                        onChanged={onChanged}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function TrackCell({
  eventSlug,
  number,
  part,
  track,
  onChanged,
}: {
  eventSlug: string
  number: NumberRow
  part: string | null
  track: Track | undefined
  onChanged: () => void
}) {
  const auth = useAuthClient()
  const inputId = useId()
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [, addTrack] = useMutation(AddLearningTrackMutation)
  const [removing, removeTrack] = useMutation(RemoveLearningTrackMutation)
  const where = `${numberName(number)}, ${part ?? 'everyone'}`

  async function onFile(file: File) {
    setError(null)
    setDone(null)
    const refusal = precheckAudio(file)
    if (refusal) return setError(refusal)
    const token = await auth.getToken()
    if (!token) return setError('Your sign-in has expired. Sign in again.')
    setProgress({ loaded: 0, total: file.size })
    try {
      const uploaded = await uploadFile(file, 'audio', token, setProgress).promise
      const result = await addTrack({
        eventSlug,
        numberId: number.id,
        part,
        fileKey: uploaded.key,
        fileName: file.name,
      })
      if (result.error) throw new Error(result.error.graphQLErrors[0]?.message ?? result.error.message)
      setDone(`Uploaded ${file.name}.`)
      onChanged()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed. Try again.')
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="space-y-1">
      {track ? (
        <p className="break-all">
          <a href={track.url} className="text-brand-800 underline">
            {track.fileName}
          </a>{' '}
          <span className="text-slate-600">({Math.round(track.size / 1024)} KB)</span>
        </p>
      ) : (
        <p className="text-slate-600">No track</p>
      )}
      <label htmlFor={inputId} className="block text-xs font-semibold text-brand-900">
        {track ? 'Replace' : 'Upload'} <span className="sr-only">the track for {where}</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept="audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,.mp3,.m4a,.mp4,.ogg,.oga,.wav"
        disabled={progress !== null}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void onFile(file)
        }}
        className="block w-full text-xs file:mr-2 file:rounded file:border-0 file:bg-brand-100 file:px-2 file:py-1 file:text-brand-900"
      />
      {progress && (
        <div>
          <label htmlFor={`${inputId}-progress`} className="text-xs text-slate-700">
            Uploading {percent(progress)}%
          </label>
          <progress id={`${inputId}-progress`} max={100} value={percent(progress)} className="block w-full" />
        </div>
      )}
      <div aria-live="polite" className="text-xs">
        {error && <p className="text-red-800">{error}</p>}
        {done && <p className="text-emerald-800">{done}</p>}
      </div>
      {track && (
        <button
          type="button"
          disabled={removing.fetching}
          onClick={async () => {
            const result = await removeTrack({ id: track.id })
            if (result.error) setError(result.error.graphQLErrors[0]?.message ?? result.error.message)
            else onChanged()
          }}
          className="text-xs font-semibold text-red-800 underline"
        >
          Remove <span className="sr-only">the track for {where}</span>
        </button>
      )}
    </div>
  )
}
