import { isShowNameRevealed } from '#core/events/event.ts'
import { formatCountdown } from '#client/lib/format.ts'
import { useNow } from '#client/lib/use-now.ts'
import { useShowName } from '../hooks/use-show-name.ts'

export interface TitledEvent {
  id: string
  type: string
  title: string
  showName?: string | null
  revealAt?: string | null
}

/** "revealed in 6 d 4 h 3 m", ticking every second until the reveal. */
function Countdown({ revealAt }: { revealAt: string }) {
  const now = useNow(1000)
  const left = new Date(revealAt).getTime() - now.getTime()
  return (
    <span data-testid="reveal-countdown">
      {left > 0 ? `revealed in ${formatCountdown(left)}` : 'revealed any moment now'}
    </span>
  )
}

/**
 * What an event is called where it is listed: its title, or for a show whose name is still secret
 * a teaser with a live countdown. When the name arrives over the subscription it replaces the
 * teaser with a short animation (none under reduced motion: styles.css).
 */
export function ShowTitle({ event }: { event: TitledEvent }) {
  const { showName, revealedLive } = useShowName(event)
  const revealAt = event.revealAt ?? null
  const pendingReveal =
    event.type === 'SHOW' && !showName && revealAt !== null && !isShowNameRevealed({ revealAt }, new Date())
  if (event.type === 'SHOW' && showName) {
    return (
      <span key="revealed" className={revealedLive ? 'reveal-in inline-block' : undefined}>
        {showName}
      </span>
    )
  }
  if (pendingReveal) {
    return (
      <span>
        A new show — <Countdown revealAt={revealAt} />
      </span>
    )
  }
  return <>{event.title}</>
}
