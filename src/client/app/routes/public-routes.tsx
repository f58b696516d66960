import type { RouteObject } from 'react-router'
import { NotFoundView } from '#client/features/platform/components/not-found-page.tsx'
import {
  TicketShopPage,
  TicketLinkPage,
  TicketOrderPage,
  ClaimTicketsPage,
  ConfirmTicketOrderPage,
  TicketSalesPage,
  CancellationsPage,
} from '../lazy-pages.tsx'

/** Public-friendly pages: reachable signed out for public events (the server decides who sees what). */
export const publicEventRoutes: RouteObject[] = [
  // The emailed links: whoever holds the code or token holds the ticket (decision 0022).
  { path: 'tickets/show/:code', element: <TicketLinkPage /> },
  { path: 'tickets/claim/:token', element: <ClaimTicketsPage /> },
  { path: 'tickets/confirm/:token', element: <ConfirmTicketOrderPage /> },
  { path: 'tickets/order/:token', element: <TicketOrderPage /> },
  {
    path: ':eventSlug/ticket-sales',
    element: <TicketShopPage fallback={<TicketSalesPage notFound={<NotFoundView />} />} />,
  },
  {
    path: ':eventSlug/cancellations-and-refunds',
    element: <CancellationsPage notFound={<NotFoundView />} />,
  },
]
