import { Outlet } from 'react-router'

/** Pages made to sit in an iframe on other sites (the mailing-list widget): no sidebar, no header. */
export function EmbedLayout() {
  return (
    <main id="main" tabIndex={-1} className="p-4 focus:outline-none">
      <Outlet />
    </main>
  )
}
