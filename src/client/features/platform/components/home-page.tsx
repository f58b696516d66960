import { Drama, Music, Ticket, type LucideIcon } from 'lucide-react'
import { panelClass } from '#client/components/ui/panel.tsx'
import { Logo } from '#client/components/ui/logo.tsx'
import { useSociety } from '#client/lib/society.tsx'
import { SetupPendingNotice } from '#client/components/first-run/setup-pending-notice.tsx'
import { HealthStatus } from './health-status.tsx'

const HIGHLIGHTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Music,
    title: 'Choir and orchestra',
    text: 'Seasons, sing-throughs and concerts, with parts and rehearsal notes.',
  },
  { icon: Drama, title: 'Shows', text: 'Auditions, casting and offers, then cast lists and info packs.' },
  { icon: Ticket, title: 'Socials', text: 'The winter formal and other socials, with tickets in one place.' },
]

/** The public landing page. */
export function HomePage() {
  const society = useSociety()
  return (
    <>
      <title>{society.name}</title>
      <section
        aria-labelledby="home-title"
        className="mx-auto max-w-3xl px-6 pt-14 pb-10 text-center sm:pt-20"
      >
        {society.logoUrl ? (
          <img src={society.logoUrl} alt="" className="mx-auto h-24 w-auto" />
        ) : (
          <Logo size="lg" className="mx-auto drop-shadow-md" />
        )}
        <h1
          id="home-title"
          className="mt-6 text-5xl font-extrabold tracking-tight text-brand-950 sm:text-6xl"
        >
          {society.name}
        </h1>
        <p className="mt-4 text-xl text-slate-800">
          The home of our student music and performing-arts society.
        </p>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          Browse the season&rsquo;s events and apply to take part. Once you are in, everything you need is
          here: cast lists, info packs, part breakdowns and how to get into the venue.
        </p>
        <SetupPendingNotice className="mx-auto mt-8 max-w-2xl" />
        <div className="mt-8">
          <HealthStatus />
        </div>
      </section>
      <section aria-label={`What ${society.shortName} does`} className="mx-auto max-w-5xl px-6 pb-16">
        <ul className="grid gap-4 sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className={panelClass()}>
              <Icon aria-hidden="true" className="size-6 text-brand-700" />
              <h2 className="mt-3 font-semibold text-brand-950">{title}</h2>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
