import { useId, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { LearningTracksQueryQuery } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
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
        <Panel as="p" padding="compact" className="mt-6 text-slate-700">
          This event has no numbers yet. Add them in the event&rsquo;s part breakdown first.
        </Panel>
      ) : (
        <DataTable
          caption="Learning tracks by number and part"
          columns={[
            { key: 'number', header: 'Number', rowHeader: true, className: 'font-medium', cell: numberName },
            ...columns.map((part): DataColumn<NumberRow> => ({
              key: part ?? '*',
              header: part ?? 'Everyone',
              className: 'min-w-48',
              cell: (n) => (
                <TrackCell
                  eventSlug={data.eventSlug}
                  number={n}
                  part={part}
                  track={data.tracks.find((t) => t.numberId === n.id && t.part === part)}
                  onChanged={onChanged}
                />
              ),
            })),
          ]}
          rows={data.numbers}
          rowKey={(n) => n.id}
          frameClassName="relative mt-6"
          density="compact"
        />
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
  const addTrack = useAppMutation(AddLearningTrackMutation, { report: 'inline' })
  const removing = useAppMutation(RemoveLearningTrackMutation, { report: 'inline' })
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
      const added = await addTrack.run({
        eventSlug,
        numberId: number.id,
        part,
        fileKey: uploaded.key,
        fileName: file.name,
      })
      if (!added.ok) return setError(added.message)
      setDone(`Uploaded ${file.name}.`)
      onChanged()
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed. Try again.')
    } finally {
      setProgress(null)
    }
  }

  const [dragging, setDragging] = useState(false)

  return (
    <div
      className={`space-y-1 rounded-lg border-2 border-dashed p-2 ${dragging ? 'border-brand-600 bg-brand-50' : 'border-transparent'}`}
      onDragOver={(e) => {
        if (progress !== null || !e.dataTransfer.types.includes('Files')) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault()
        setDragging(false)
        const file = e.dataTransfer.files[0]
        if (file && progress === null) void onFile(file)
      }}
    >
      {track ? (
        <p className="[overflow-wrap:anywhere]">
          <a href={track.url} className="text-brand-800 underline">
            {track.fileName}
          </a>{' '}
          <span className="text-slate-600">({Math.round(track.size / 1024)} KB)</span>
        </p>
      ) : (
        <p className="text-slate-600">No track yet: drop a file here</p>
      )}
      {/* NOTE: the native picker reads "No file chosen" in every cell: the input stays for the
          keyboard and screen readers, the label is the visible button. */}
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
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className="inline-block cursor-pointer rounded bg-brand-100 px-2 py-1 text-xs font-semibold text-brand-900 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700 hover:bg-brand-200"
      >
        {track ? 'Replace…' : 'Choose a file…'} <span className="sr-only">for the track of {where}</span>
      </label>
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
            setError(null)
            const removed = await removing.run({ id: track.id })
            if (removed.ok) onChanged()
            else setError(removed.message)
          }}
          className="text-xs font-semibold text-red-800 underline"
        >
          Remove <span className="sr-only">the track for {where}</span>
        </button>
      )}
    </div>
  )
}
