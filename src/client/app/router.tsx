import { useEffect, useRef } from 'react'
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router'
import { ErrorBoundary } from '#client/components/ui/error-boundary.tsx'
import { useAuthConfig } from '#client/features/auth/hooks/use-auth-config.ts'
import { HomePage } from '#client/features/platform/components/home-page.tsx'
import { NotFoundPage } from '#client/features/platform/components/not-found-page.tsx'
import { useAuth } from '#client/lib/use-auth.tsx'
import {
  SignupWidgetPage,
  ConfirmSubscriptionPage,
  UnsubscribePage,
  PrivacyPage,
  FirstRunSetupPage,
  ForgotPasswordPage,
  LoginPage,
  LoginSuccessPage,
  MagicLinkPage,
  PhoneSignInPage,
  ResetPasswordPage,
  SignupPage,
  ListingsPage,
} from './lazy-pages.tsx'
import { AppRoot } from './layout/app-root.tsx'
import { EmbedLayout } from './layout/embed-layout.tsx'
import { FatalErrorPage } from './layout/fatal-error-page.tsx'
import { SiteLayout } from './layout/site-layout.tsx'
import { RequireAuth } from './require-auth.tsx'
import { RequireCapability } from './require-capability.tsx'
import { adminRoutes } from './routes/admin-routes.tsx'
import { eventPages, MemberHome, memberRoutes } from './routes/member-routes.tsx'
import { publicEventRoutes } from './routes/public-routes.tsx'

// Every route of spec §2. Screens that later issues build are placeholders in the real layout.
// The route tables by area live in ./routes (member, admin, public event pages); this file nests them.

/** `/privacy`, with the support address the server configures. */
function PrivacyRoute() {
  const config = useAuthConfig()
  return <PrivacyPage supportEmail={config?.supportEmail} />
}

/** `/`: the events list for members, the landing page for visitors. */
function HomeRoute() {
  const { status } = useAuth()
  return status === 'authenticated' ? <MemberHome /> : <HomePage />
}

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        // Members get the app shell, visitors the public header, on every page here.
        element: <SiteLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'privacy', element: <PrivacyRoute /> },
          { path: 'listings', element: <ListingsPage /> },
          { path: 'mailing-lists/confirm/:token', element: <ConfirmSubscriptionPage /> },
          { path: 'mailing-lists/unsubscribe/:token', element: <UnsubscribePage /> },
          ...eventPages('/listings'),
          ...publicEventRoutes,
          {
            element: <RequireAuth />,
            children: [
              ...memberRoutes,
              {
                path: 'admin',
                element: <RequireCapability capability="admin.enter" />,
                children: adminRoutes,
              },
            ],
          },
        ],
      },
      // The mailing-list widget sits in other sites' iframes: no sidebar, no header.
      {
        path: 'embed',
        element: <EmbedLayout />,
        children: [
          { path: 'mailing-lists', element: <SignupWidgetPage /> },
          { path: 'mailing-lists/:listName', element: <SignupWidgetPage /> },
        ],
      },
      // Sign-in screens: full-screen pages without the site header.
      { path: 'login', element: <LoginPage /> },
      { path: 'login/magic', element: <MagicLinkPage /> },
      { path: 'login/phone', element: <PhoneSignInPage /> },
      { path: 'setup', element: <FirstRunSetupPage /> },
      { path: 'login/success', element: <LoginSuccessPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/**
 * The routes, with the fatal-error screen as the last resort: anything that breaks outside a page
 * (a layout, a route) lands there instead of on a blank screen. A navigation tries again.
 */
function AppRoutes() {
  const element = useRoutes(routes)
  return <ErrorBoundary fallback={({ reset }) => <FatalError reset={reset} />}>{element}</ErrorBoundary>
}

/** The fatal-error screen until the member goes elsewhere (e.g. Back), which renders the routes again. */
function FatalError({ reset }: { reset: () => void }) {
  const { pathname } = useLocation()
  const failedAt = useRef(pathname)
  useEffect(() => {
    if (pathname !== failedAt.current) reset()
  }, [pathname, reset])
  return <FatalErrorPage />
}

// NOTE: the declarative router (`<BrowserRouter>`, `useRoutes`), not the data router: no page uses
// loaders, actions or blockers, and the data router weighs 17 kB gzip more in the first load
// (decision 0027, "First load").
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}
