import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { useQuery } from 'urql'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { panelClass } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { LearningTracksQueryQuery } from '#client/gql/graphql.ts'
import { LearningTracksQuery } from '../graphql/learning-tracks.query.ts'
import { adjacentNumber, initialPart, SHORTCUTS, trackFor } from '../player.ts'
import { KeepTrackToggle } from './keep-track-toggle.tsx'
import { TrackPlayer } from './track-player.tsx'

type Data = LearningTracksQueryQuery['learningTracks']

const panel = `mt-6 ${panelClass('compact')}`
const EVERYONE = ''

/** `/:eventSlug/note-bashing`: learning tracks per number and part, with the practice player. */
export function NoteBashingPage({ notFound }: { notFound: ReactNode }) {
  const { eventSlug = '' } = useParams()
  const query = useQuery({
    query: LearningTracksQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={query}
        loadingLabel="Loading the learning tracks…"
        what="the learning tracks"
        notFound={notFound}
      >
        {({ learningTracks }) => (
          <NoteBashing
            key={learningTracks.eventId}
            data={learningTracks}
            // A kept track needs the page too: fetch it again so the worker keeps its answer.
            onKept={() => query[1]({ requestPolicy: 'network-only' })}
          />
        )}
      </QueryView>
    </div>
  )
}

export function numberName(n: { label: string; title: string }): string {
  return n.label ? `${n.label}. ${n.title}` : n.title
}

function NoteBashing({ data, onKept }: { data: Data; onKept: () => void }) {
  const numberIds = data.numbers.map((n) => n.id)
  const [part, setPart] = useState<string>(
    () => initialPart(data.parts, data.myPart, data.tracks) ?? EVERYONE,
  )
  // The first number with a track for that part (tacet numbers have none), else with any track.
  const [numberId, setNumberId] = useState(() => {
    const forPart = data.numbers.find((n) =>
      data.tracks.some((t) => t.numberId === n.id && (t.part ?? EVERYONE) === part),
    )
    const withTrack = data.numbers.find((n) => data.tracks.some((t) => t.numberId === n.id))
    return forPart?.id ?? withTrack?.id ?? data.numbers[0]?.id ?? ''
  })
  const number = data.numbers.find((n) => n.id === numberId)
  const track = number ? trackFor(data.tracks, number.id, part === EVERYONE ? null : part) : undefined
  const previous = number ? adjacentNumber(numberIds, number.id, -1) : null
  const next = number ? adjacentNumber(numberIds, number.id, 1) : null
  const slug = encodeURIComponent(data.eventSlug)

  return (
    <article>
      <title>{`Note-bashing · ${data.eventTitle} · Stagedoor`}</title>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={`/${slug}/part-breakdown`} className="font-medium text-brand-800 underline">
          {data.eventTitle}: Part Breakdown
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Note-bashing</h1>
      <p className="mt-2 text-slate-700">
        Learning tracks for {data.eventTitle}. Choose a number and your part, then practise at your own speed.
      </p>

      {data.numbers.length === 0 ? (
        <p className={`${panel} text-slate-700`}>
          There are no numbers for this event yet. Check back once the organisers have added the music.
        </p>
      ) : (
        <>
          <div className={`${panel} grid gap-4 sm:grid-cols-2`}>
            <div>
              <label htmlFor="nb-number" className="block text-sm font-semibold text-brand-950">
                Number
              </label>
              <select
                id="nb-number"
                value={numberId}
                onChange={(e) => setNumberId(e.target.value)}
                className={`mt-1 ${fieldClass()}`}
              >
                {data.numbers.map((n) => (
                  <option key={n.id} value={n.id}>
                    {numberName(n)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="nb-part" className="block text-sm font-semibold text-brand-950">
                Part
              </label>
              <select
                id="nb-part"
                value={part}
                onChange={(e) => setPart(e.target.value)}
                className={`mt-1 ${fieldClass()}`}
              >
                {data.parts.map((p) => (
                  <option key={p} value={p}>
                    {p}
                    {p === data.myPart ? ' (your part)' : ''}
                  </option>
                ))}
                <option value={EVERYONE}>Everyone (full score)</option>
              </select>
            </div>
          </div>

          <section aria-labelledby="nb-player-heading" className={panel}>
            <h2 id="nb-player-heading" className="text-lg font-bold text-brand-950">
              {number ? numberName(number) : ''}
              {part ? ` — ${part}` : ' — everyone'}
            </h2>
            {track ? (
              <>
                <TrackPlayer
                  key={track.id}
                  src={track.url}
                  title={`${number ? numberName(number) : ''} — ${track.part ?? 'everyone'}`}
                  album={data.eventTitle}
                  onPrevious={previous ? () => setNumberId(previous) : null}
                  onNext={next ? () => setNumberId(next) : null}
                />
                <KeepTrackToggle
                  key={`keep-${track.id}`}
                  url={track.url}
                  eventSlug={data.eventSlug}
                  onKept={onKept}
                />
              </>
            ) : (
              <>
                <p className="mt-3 text-slate-700">
                  There is no learning track for this number {part ? `and ${part} ` : ''}yet.
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <NumberButton label="Previous number" target={previous} onGo={setNumberId} />
                  <NumberButton label="Next number" target={next} onGo={setNumberId} />
                </div>
              </>
            )}
          </section>
        </>
      )}

      <section aria-labelledby="nb-shortcuts-heading" className={panel}>
        <h2 id="nb-shortcuts-heading" className="text-lg font-bold text-brand-950">
          Keyboard shortcuts
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {SHORTCUTS.map((s) => (
            <div key={s.keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono">
                  {s.keys}
                </kbd>
              </dt>
              <dd className="text-slate-800">{s.action}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-slate-700">Shortcuts pause while you type in a field.</p>
      </section>
    </article>
  )
}

function NumberButton({
  label,
  target,
  onGo,
}: {
  label: string
  target: string | null
  onGo: (id: string) => void
}) {
  return (
    <button
      type="button"
      disabled={!target}
      onClick={() => target && onGo(target)}
      className="rounded-lg border border-brand-300 px-3 py-2 text-sm font-semibold text-brand-900 disabled:opacity-50"
    >
      {label}
    </button>
  )
}
