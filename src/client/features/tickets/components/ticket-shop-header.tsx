import { CalendarDays, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import type { TicketShopQuery as Shop } from '#client/gql/graphql.ts'
import { formatDateRange } from '#client/lib/format.ts'
import { useAuth } from '#client/lib/use-auth.tsx'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'

/**
 * The shop's heading: the event, when (on the society's clocks) and where, and a way back to its
 * page, so a buyer knows what they are buying before they choose (issue 27).
 */
export function TicketShopHeader({ shop }: { shop: Shop['ticketShop'] }) {
  const timeZone = useSocietyTimeZone()
  const { user } = useAuth()
  const eventPath = `${user ? '/events' : '/listings'}/${encodeURIComponent(shop.eventSlug)}`
  return (
    <header>
      <p className="text-sm font-medium text-brand-800">
        <Link to={eventPath} className="underline underline-offset-2">
          {shop.eventTitle}
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Tickets</h1>
      <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-5">
        <li className="inline-flex items-center gap-1.5" data-testid="shop-when">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          {formatDateRange(shop.event.startDate, shop.event.endDate, timeZone)}
        </li>
        {shop.event.venue ? (
          <li className="inline-flex items-center gap-1.5" data-testid="shop-where">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
            {shop.event.venue}
          </li>
        ) : null}
      </ul>
    </header>
  )
}
