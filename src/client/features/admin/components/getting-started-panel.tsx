import { CircleCheck, Circle, ChevronRight, ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { opensInNewTab } from '#core/society/getting-started.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { useGettingStarted } from '../hooks/use-getting-started.ts'

const linkClass =
  'inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-2'

/**
 * The first admin's getting-started checklist (society admins): each step ticks itself off from the
 * data, the widget is marked by hand, and the finished list can be put away.
 */
export function GettingStartedPanel() {
  const { checklist, marking, dismissing, markDone, dismiss } = useGettingStarted()
  if (!checklist || checklist.dismissed) return null
  const done = checklist.items.filter((line) => line.done).length
  return (
    <Panel as="section" aria-labelledby="getting-started">
      <h2 id="getting-started" className="text-lg font-bold text-brand-950">
        Getting started
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {checklist.complete
          ? 'Every step is done: the society is ready to go.'
          : `${String(done)} of ${String(checklist.items.length)} steps done. Each ticks itself off once it is done.`}
      </p>
      <ol className="mt-3 divide-y divide-brand-100" aria-label="Getting-started steps">
        {checklist.items.map((line) => (
          <li key={line.item} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            {line.done ? (
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
            ) : (
              <Circle aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            )}
            <span className="min-w-0 flex-1 basis-56">
              <span className="block font-semibold text-brand-950">
                {line.title}
                <span className="sr-only">{line.done ? ' (done)' : ' (to do)'}</span>
              </span>
              <span className="block text-sm text-slate-700">{line.hint}</span>
            </span>
            <span className="flex flex-wrap items-center gap-3">
              {opensInNewTab(line.link) ? (
                <a href={line.link} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  {line.linkLabel}
                  <span className="sr-only"> (opens in a new tab)</span>
                  <ExternalLink aria-hidden="true" className="size-4" />
                </a>
              ) : (
                <Link to={line.link} className={linkClass}>
                  {line.linkLabel}
                  <ChevronRight aria-hidden="true" className="size-4" />
                </Link>
              )}
              {line.markable && !line.done ? (
                <Button variant="secondary" pending={marking} onClick={() => void markDone(line.item)}>
                  Mark done<span className="sr-only">: {line.title.toLowerCase()}</span>
                </Button>
              ) : null}
            </span>
          </li>
        ))}
      </ol>
      {checklist.complete ? (
        <Button className="mt-3" pending={dismissing} onClick={() => void dismiss()}>
          Put the checklist away
        </Button>
      ) : null}
    </Panel>
  )
}
