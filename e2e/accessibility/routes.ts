import type { RouteObject } from 'react-router'

// Every route the client router declares, with a URL to open it at (issue 19's accessibility sweep).
// ADD A LINE HERE FOR EVERY NEW ROUTE: e2e/accessibility/every-route.spec.ts fails on a route of
// src/client/app/router.tsx that has none. Demo data: member1 is a CONFIRMED singer of the
// sing-through; winter-concert has auditions; winter-formal sells tickets.

const SING = 'messiah-singthrough'
const CONCERT = 'winter-concert'
const BALL = 'winter-formal'

/** Router pattern → the URL the sweep opens (parameters filled with demo data). */
export const ROUTE_URLS: Record<string, string> = {
  '/': '/',
  '/privacy': '/privacy',
  '/listings': '/listings',
  '/listings/:slug': `/listings/${CONCERT}`,
  '/listings/:slug/:audienceType': `/listings/${CONCERT}/students`,
  '/mailing-lists/confirm/:token': '/mailing-lists/confirm/not-a-real-token',
  '/mailing-lists/unsubscribe/:token': '/mailing-lists/unsubscribe/not-a-real-token',
  '/:eventSlug/ticket-sales': `/${BALL}/ticket-sales`,
  '/:eventSlug/cancellations-and-refunds': `/${BALL}/cancellations-and-refunds`,
  '/events': '/events',
  '/events/:slug/tickets': `/events/${BALL}/tickets`,
  '/events/:slug/social': `/events/${SING}/social`,
  '/events/:slug/auditions': `/events/${CONCERT}/auditions`,
  '/events/:slug': `/events/${CONCERT}`,
  '/events/:slug/:audienceType': `/events/${CONCERT}/students`,
  '/profile': '/profile',
  '/applications': '/applications',
  '/applications/card-payment': '/applications/card-payment?session=cs_test_not_a_session',
  '/applications/:eventSlug': `/applications/${CONCERT}`,
  '/applications/:eventSlug/diversity': `/applications/${SING}/diversity`,
  '/applications/:eventSlug/participant-info': `/applications/${SING}/participant-info`,
  '/applications/:eventSlug/participant-info/:applicationType': `/applications/${SING}/participant-info/singer`,
  '/applications/:eventSlug/venue-access': `/applications/${SING}/venue-access`,
  '/applications/:eventSlug/cast-list': `/applications/${SING}/cast-list`,
  '/applications/:eventSlug/part-breakdown': `/applications/${SING}/part-breakdown`,
  '/applications/:eventSlug/:applicationType': `/applications/${CONCERT}/singer`,
  '/social-list': '/social-list',
  '/tickets': '/tickets',
  '/tickets/show/:code': '/tickets/show/NOT-A-REAL-CODE',
  '/tickets/claim/:token': '/tickets/claim/not-a-real-token',
  '/tickets/confirm/:token': '/tickets/confirm/not-a-real-token',
  '/tickets/order/:token': '/tickets/order/not-a-real-token',
  '/:eventSlug/cast-list': `/${SING}/cast-list`,
  '/:eventSlug/part-breakdown': `/${SING}/part-breakdown`,
  '/:eventSlug/note-bashing': `/${SING}/note-bashing`,
  '/admin': '/admin',
  '/admin/sandbox': '/admin/sandbox',
  '/admin/events': '/admin/events',
  '/admin/events/new': '/admin/events/new',
  '/admin/events/:slug/edit': `/admin/events/${CONCERT}/edit`,
  '/admin/events/:slug/part-breakdown': `/admin/events/${SING}/part-breakdown`,
  '/admin/events/:slug/learning-tracks': `/admin/events/${SING}/learning-tracks`,
  '/admin/profiles': '/admin/profiles',
  '/admin/committee': '/admin/committee',
  '/admin/settings': '/admin/settings',
  '/admin/money': '/admin/money',
  '/admin/profiles/:slug': '/admin/profiles/member1',
  '/admin/casting': '/admin/casting',
  '/admin/casting/:eventSlug': `/admin/casting/${CONCERT}`,
  '/admin/casting/:eventSlug/application/:slug': `/admin/casting/${CONCERT}/application/no-such-application`,
  '/admin/acceptance': '/admin/acceptance',
  '/admin/acceptance/:eventSlug': `/admin/acceptance/${CONCERT}`,
  '/admin/acceptance/:eventSlug/templates': `/admin/acceptance/${CONCERT}/templates`,
  '/admin/acceptance/:eventSlug/diversity': `/admin/acceptance/${CONCERT}/diversity`,
  '/admin/operations': '/admin/operations',
  '/admin/operations/:eventSlug': `/admin/operations/${CONCERT}`,
  '/admin/tickets': '/admin/tickets',
  '/admin/tickets/allocation': '/admin/tickets/allocation',
  '/admin/tickets/setup': '/admin/tickets/setup',
  '/admin/:eventSlug/tickets/setup': `/admin/${BALL}/tickets/setup`,
  '/admin/:eventSlug/tickets': `/admin/${BALL}/tickets`,
  '/admin/:eventSlug/tickets/allocation': `/admin/${BALL}/tickets/allocation`,
  '/admin/mailing-lists': '/admin/mailing-lists',
  '/admin/mailing-lists/:listSlug': '/admin/mailing-lists/news',
  '/admin/:eventSlug/tickets/check-in': `/admin/${BALL}/tickets/check-in`,
  '/admin/show-reveals': '/admin/show-reveals',
  '/admin/system/outbox': '/admin/system/outbox',
  '/admin/system/jobs': '/admin/system/jobs',
  '/admin/system/audit': '/admin/system/audit',
  '/embed/mailing-lists': '/embed/mailing-lists',
  '/embed/mailing-lists/:listName': '/embed/mailing-lists/news',
  '/login': '/login',
  '/login/magic': '/login/magic',
  '/login/phone': '/login/phone',
  '/setup': '/setup',
  '/login/success': '/login/success',
  '/signup': '/signup',
  '/forgot-password': '/forgot-password',
  '/reset-password': '/reset-password',
  '/*': '/no/such/page',
}

/** Every full path pattern the router declares (index routes as their parent's path). */
export function declaredRoutes(routes: RouteObject[], parent = ''): string[] {
  const out: string[] = []
  for (const route of routes) {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent
    if (route.index || (route.element && !route.children && route.path)) out.push(path || '/')
    if (route.children) out.push(...declaredRoutes(route.children, path))
  }
  return [...new Set(out)]
}
