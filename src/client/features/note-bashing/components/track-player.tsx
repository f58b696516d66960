import { Pause, Play, Repeat, SkipBack, SkipForward } from 'lucide-react'
import { formatSpeed, formatTime, loopActive, positionText, SPEED_PRESETS, SPEED_STEP } from '../player.ts'
import { useTrackPlayer, type TrackPlayerOptions } from '../hooks/use-track-player.ts'

export interface TrackPlayerProps extends TrackPlayerOptions {
  src: string
}

const control =
  'inline-flex items-center gap-1.5 rounded-lg border border-brand-300 bg-white px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-50'

/**
 * The practice player on an `<audio>` element: play/pause, seek, speed 0.5–1.5× without pitch change,
 * A–B loop, previous/next number, keyboard shortcuts and lock-screen controls (Media Session).
 * The audio streams from a signed link with HTTP Range, so seeking fetches only what it needs.
 */
export function TrackPlayer({ src, title, album, onPrevious, onNext }: TrackPlayerProps) {
  const {
    audioProps,
    playing,
    current,
    duration,
    speed,
    loop,
    error,
    announcement,
    setSpeed,
    seekTo,
    togglePlay,
    run,
    clearLoop,
  } = useTrackPlayer({ title, album, onPrevious, onNext })
  const valueText = positionText(current, duration)

  return (
    <div className="mt-4">
      <audio {...audioProps} src={src} preload="metadata" data-testid="learning-track" />
      <p className="sr-only" aria-live="polite" data-testid="player-announcer">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={control} disabled={!onPrevious} onClick={() => onPrevious?.()}>
          <SkipBack aria-hidden="true" className="size-4" />
          Previous number
        </button>
        <button
          type="button"
          onClick={togglePlay}
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
        >
          {playing ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className={control} disabled={!onNext} onClick={() => onNext?.()}>
          Next number
          <SkipForward aria-hidden="true" className="size-4" />
        </button>
      </div>

      <div className="mt-4">
        <label htmlFor="nb-seek" className="sr-only">
          Position
        </label>
        <input
          id="nb-seek"
          type="range"
          min={0}
          max={duration || 0}
          step={1}
          value={Math.min(current, duration || 0)}
          aria-valuetext={valueText}
          onChange={(e) => seekTo(Number(e.target.value))}
          className="w-full accent-brand-800"
        />
        <p className="flex justify-between text-sm tabular-nums text-slate-700" aria-hidden="true">
          <span>{formatTime(current)}</span>
          <span>{formatTime(duration)}</span>
        </p>
      </div>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-brand-950">
          Speed <span className="font-normal text-slate-700">(pitch stays the same)</span>
        </legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {SPEED_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={speed === preset}
              onClick={() => setSpeed(preset)}
              className={`${control} aria-pressed:bg-brand-800 aria-pressed:text-white`}
            >
              {formatSpeed(preset)}
            </button>
          ))}
          <label htmlFor="nb-speed" className="ml-2 text-sm text-slate-800">
            Fine
          </label>
          <input
            id="nb-speed"
            type="range"
            min={0.5}
            max={1.5}
            step={SPEED_STEP}
            value={speed}
            aria-valuetext={formatSpeed(speed)}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="w-40 accent-brand-800"
          />
          <output htmlFor="nb-speed" className="text-sm tabular-nums text-slate-800">
            {formatSpeed(speed)}
          </output>
        </div>
      </fieldset>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-brand-950">A–B loop</legend>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="button" className={control} onClick={() => run('setA')}>
            Set A{loop.a !== null ? ` (${formatTime(loop.a)})` : ''}
          </button>
          <button type="button" className={control} onClick={() => run('setB')}>
            Set B{loop.b !== null ? ` (${formatTime(loop.b)})` : ''}
          </button>
          <button
            type="button"
            className={control}
            disabled={loop.a === null && loop.b === null}
            onClick={clearLoop}
          >
            Clear loop
          </button>
          <p className="text-sm text-slate-700" aria-live="polite">
            {loopActive(loop) ? (
              <>
                <Repeat aria-hidden="true" className="mr-1 inline size-4" />
                Looping {formatTime(loop.a)}–{formatTime(loop.b)}
              </>
            ) : (
              'No loop'
            )}
          </p>
        </div>
      </fieldset>
    </div>
  )
}
