import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { HomePage } from '#client/features/platform/components/home-page.tsx'
import { NotFoundPage } from '#client/features/platform/components/not-found-page.tsx'
import { PublicLayout } from './layout/public-layout.tsx'
import { RouteError } from './layout/route-error.tsx'

const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])

export function AppRouter() {
  return <RouterProvider router={router} />
}
