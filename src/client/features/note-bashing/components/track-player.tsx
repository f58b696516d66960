import { Pause, Play, Repeat, SkipBack, SkipForward } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  announcementFor,
  clampSpeed,
  clampTime,
  formatSpeed,
  formatTime,
  loopActive,
  loopJump,
  NO_LOOP,
  positionText,
  SEEK_STEP_SECONDS,
  setLoopA,
  setLoopB,
  shortcutFor,
  SPEED_PRESETS,
  SPEED_STEP,
  stepSpeed,
  type Loop,
  type PlayerAction,
  type PlayerChange,
} from '../player.ts'

export interface TrackPlayerProps {
  src: string
  /** For the lock screen: number and part. */
  title: string
  album: string
  onPrevious: (() => void) | null
  onNext: (() => void) | null
}

const control =
  'inline-flex items-center gap-1.5 rounded-lg border border-brand-300 bg-white px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-50'

/**
 * The practice player on an `<audio>` element: play/pause, seek, speed 0.5–1.5× without pitch change,
 * A–B loop, previous/next number, keyboard shortcuts and lock-screen controls (Media Session).
 * The audio streams from a signed link with HTTP Range, so seeking fetches only what it needs.
 */
export function TrackPlayer({ src, title, album, onPrevious, onNext }: TrackPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [playing, setPlaying] = useState(false)
  const [current, setCurrent] = useState(0)
  const [duration, setDuration] = useState(0)
  const [speed, setSpeedState] = useState(1)
  const [loop, setLoop] = useState<Loop>(NO_LOOP)
  const [error, setError] = useState<string | null>(null)
  // Play/pause/speed/seek changes for screen readers (the polite live region below).
  const [announcement, setAnnouncement] = useState('')
  const announce = useCallback((change: PlayerChange) => setAnnouncement(announcementFor(change)), [])
  const loopRef = useRef(loop)
  useEffect(() => {
    loopRef.current = loop
  }, [loop])

  const setSpeed = useCallback((value: number) => {
    const audio = audioRef.current
    const next = clampSpeed(value)
    setSpeedState(next)
    setAnnouncement(announcementFor({ kind: 'speed', speed: next }))
    if (audio) {
      audio.preservesPitch = true
      audio.playbackRate = next
    }
  }, [])

  const seekTo = useCallback((time: number) => {
    const audio = audioRef.current
    if (!audio) return
    audio.currentTime = clampTime(time, audio.duration)
    setCurrent(audio.currentTime)
    setAnnouncement(announcementFor({ kind: 'seek', current: audio.currentTime, duration: audio.duration }))
  }, [])

  const togglePlay = useCallback(() => {
    const audio = audioRef.current
    if (!audio) return
    if (audio.paused) {
      audio.play().catch(() => setError('The track could not be played. Reload the page and try again.'))
    } else audio.pause()
  }, [])

  const run = useCallback(
    (action: PlayerAction) => {
      const audio = audioRef.current
      const now = audio?.currentTime ?? 0
      switch (action) {
        case 'togglePlay':
          return togglePlay()
        case 'seekBackward':
          return seekTo(now - SEEK_STEP_SECONDS)
        case 'seekForward':
          return seekTo(now + SEEK_STEP_SECONDS)
        case 'slower':
          return setSpeed(stepSpeed(audio?.playbackRate ?? 1, -1))
        case 'faster':
          return setSpeed(stepSpeed(audio?.playbackRate ?? 1, 1))
        case 'setA':
          return setLoop((l) => setLoopA(l, now))
        case 'setB':
          return setLoop((l) => setLoopB(l, now))
        case 'nextNumber':
          return onNext?.()
        case 'previousNumber':
          return onPrevious?.()
      }
    },
    [onNext, onPrevious, seekTo, setSpeed, togglePlay],
  )

  // Keyboard shortcuts for the whole page while the player is on it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      const target = event.target as HTMLElement | null
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target
          ? {
              tagName: target.tagName,
              type: (target as HTMLInputElement).type,
              isContentEditable: target.isContentEditable,
            }
          : null,
      })
      if (!action) return
      event.preventDefault()
      run(action)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [run])

  // Lock-screen and headset controls.
  useEffect(() => {
    if (!('mediaSession' in navigator)) return
    const session = navigator.mediaSession
    if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title, album })
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => void audioRef.current?.play().catch(() => {})],
      ['pause', () => audioRef.current?.pause()],
      [
        'seekbackward',
        (d) => seekTo((audioRef.current?.currentTime ?? 0) - (d.seekOffset ?? SEEK_STEP_SECONDS)),
      ],
      [
        'seekforward',
        (d) => seekTo((audioRef.current?.currentTime ?? 0) + (d.seekOffset ?? SEEK_STEP_SECONDS)),
      ],
      ['seekto', (d) => (d.seekTime !== undefined ? seekTo(d.seekTime) : undefined)],
      ['previoustrack', onPrevious ? () => onPrevious() : null],
      ['nexttrack', onNext ? () => onNext() : null],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // An action this browser does not know: the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // as above
        }
      }
    }
  }, [title, album, onPrevious, onNext, seekTo])

  useEffect(() => {
    if (!('mediaSession' in navigator) || !duration) return
    try {
      navigator.mediaSession.setPositionState({
        duration,
        position: Math.min(current, duration),
        playbackRate: speed,
      })
    } catch {
      // Position state is optional.
    }
  }, [current, duration, speed])

  const valueText = positionText(current, duration)

  return (
    <div className="mt-4">
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        data-testid="learning-track"
        onLoadedMetadata={(e) => {
          const audio = e.currentTarget
          audio.preservesPitch = true
          audio.playbackRate = speed
          setDuration(audio.duration)
        }}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => {
          const audio = e.currentTarget
          const jump = loopJump(loopRef.current, audio.currentTime)
          if (jump !== null) audio.currentTime = jump
          setCurrent(audio.currentTime)
        }}
        onPlay={() => {
          setPlaying(true)
          announce({ kind: 'play' })
        }}
        onPause={(e) => {
          setPlaying(false)
          if (!e.currentTarget.ended) announce({ kind: 'pause' })
        }}
        onEnded={() => {
          setPlaying(false)
          announce({ kind: 'ended' })
        }}
        onError={() => setError('The track could not be loaded. Reload the page for a fresh link.')}
      />
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
            onClick={() => setLoop(NO_LOOP)}
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
