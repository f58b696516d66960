import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { ForgotPasswordPage } from '#client/features/auth/components/forgot-password-page.tsx'
import { LoginPage } from '#client/features/auth/components/login-page.tsx'
import { LoginSuccessPage } from '#client/features/auth/components/login-success-page.tsx'
import { MagicLinkPage } from '#client/features/auth/components/magic-link-page.tsx'
import { ResetPasswordPage } from '#client/features/auth/components/reset-password-page.tsx'
import { SignupPage } from '#client/features/auth/components/signup-page.tsx'
import { HomePage } from '#client/features/platform/components/home-page.tsx'
import { NotFoundPage } from '#client/features/platform/components/not-found-page.tsx'
import { PlaceholderPage } from '#client/features/platform/components/placeholder-page.tsx'
import { AppRoot } from './layout/app-root.tsx'
import { PublicLayout } from './layout/public-layout.tsx'
import { RouteError } from './layout/route-error.tsx'
import { RequireAuth } from './require-auth.tsx'

const router = createBrowserRouter([
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomePage /> },
          {
            // Signed-in members only; the shell issue fills these in and adds the rest (spec §2).
            element: <RequireAuth />,
            children: [
              { path: 'events', element: <PlaceholderPage title="Events" /> },
              { path: 'profile', element: <PlaceholderPage title="Your profile" /> },
              { path: 'applications', element: <PlaceholderPage title="My applications" /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // Sign-in screens: full-screen pages without the site header.
      { path: 'login', element: <LoginPage /> },
      { path: 'login/magic', element: <MagicLinkPage /> },
      { path: 'login/success', element: <LoginSuccessPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
