import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react'
import {
  announcementFor,
  clampSpeed,
  clampTime,
  loopJump,
  NO_LOOP,
  SEEK_STEP_SECONDS,
  setLoopA,
  setLoopB,
  shortcutFor,
  stepSpeed,
  type Loop,
  type PlayerAction,
  type PlayerChange,
} from '../player.ts'

export interface TrackPlayerOptions {
  /** For the lock screen: number and part. */
  title: string
  album: string
  onPrevious: (() => void) | null
  onNext: (() => void) | null
}

/**
 * The practice player's state on an `<audio>` element: play/pause, seek, speed without pitch change,
 * A–B loop, keyboard shortcuts and lock-screen controls (Media Session). The view spreads `audioProps`
 * on its `<audio>`.
 */
export function useTrackPlayer({ title, album, onPrevious, onNext }: TrackPlayerOptions) {
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

  const audioProps = {
    ref: audioRef,
    onLoadedMetadata: (e: SyntheticEvent<HTMLAudioElement>) => {
      const audio = e.currentTarget
      audio.preservesPitch = true
      audio.playbackRate = speed
      setDuration(audio.duration)
    },
    onDurationChange: (e: SyntheticEvent<HTMLAudioElement>) => setDuration(e.currentTarget.duration),
    onTimeUpdate: (e: SyntheticEvent<HTMLAudioElement>) => {
      const audio = e.currentTarget
      const jump = loopJump(loopRef.current, audio.currentTime)
      if (jump !== null) audio.currentTime = jump
      setCurrent(audio.currentTime)
    },
    onPlay: () => {
      setPlaying(true)
      announce({ kind: 'play' })
    },
    onPause: (e: SyntheticEvent<HTMLAudioElement>) => {
      setPlaying(false)
      if (!e.currentTarget.ended) announce({ kind: 'pause' })
    },
    onEnded: () => {
      setPlaying(false)
      announce({ kind: 'ended' })
    },
    onError: () => setError('The track could not be loaded. Reload the page for a fresh link.'),
  }

  return {
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
    clearLoop: () => setLoop(NO_LOOP),
  }
}
