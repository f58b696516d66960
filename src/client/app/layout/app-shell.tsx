import { Menu } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { can } from '#core/auth/policies.ts'
import { ErrorBoundary } from '#client/components/ui/error-boundary.tsx'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { useSociety } from '#client/lib/society.tsx'
import { useAccountChanges } from '#client/features/people/hooks/use-account-changes.ts'
import type { CurrentUser } from '#client/lib/auth.ts'
import { isChunkLoadError } from '../lazy-page.tsx'
import { RenderFailure } from './render-failure.tsx'
import { CloseButton, CollapseToggle, isAdminPath, SidebarContent } from './sidebar.tsx'
import { SkipLink } from './skip-link.tsx'
import { SlideOver } from './slide-over.tsx'
import { useSidebarLayout } from './use-sidebar-layout.ts'

/**
 * The layout of every signed-in page (spec §2 Layout): the sidebar beside the page (collapsible, and
 * collapsed by default from 768 to 1023 px), or under 768 px a top bar whose menu button opens it as
 * a slide-over. Admin mode (pages under /admin, for roles that may enter) swaps the member items for
 * the admin ones. A page that throws while rendering is replaced by the render-failure message; the
 * sidebar stays.
 */
export function AppShell({
  user,
  children,
  viewportUnknown = false,
}: {
  user: CurrentUser
  children?: ReactNode
  /**
   * Rendered ahead of the app, on the server (app/prerender.tsx): the viewport is unknown there, so
   * the sidebar (from 1024 px) and the top bar (below) are both rendered and CSS shows one of them.
   */
  viewportUnknown?: boolean
}) {
  const society = useSociety()
  const { pathname } = useLocation()
  const inAdmin = isAdminPath(pathname) && can(user, 'admin.enter')
  const layout = useSidebarLayout()
  const { collapsed, toggle } = layout
  const mode = viewportUnknown ? 'desktop' : layout.mode
  const showsBar = viewportUnknown || mode === 'mobile'
  useAccountChanges()
  // NOTE: the slide-over remembers the page it was opened on, so any navigation (a link in it, the
  // back button) closes it without an effect.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null)
  const menuOpen = mode === 'mobile' && menuOpenedAt === pathname
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpenedAt(null)

  const sidebar =
    mode !== 'mobile' ? (
      <aside
        id="app-sidebar"
        aria-label="Sidebar"
        data-collapsed={collapsed}
        className={`sticky top-0 h-dvh shrink-0 border-r border-brand-100 bg-white/85 backdrop-blur-sm transition-[width] duration-200 ${collapsed ? 'w-18' : 'w-64'} ${viewportUnknown ? 'order-first max-lg:hidden' : ''}`}
      >
        <SidebarContent
          user={user}
          inAdmin={inAdmin}
          collapsed={collapsed}
          headerAction={<CollapseToggle collapsed={collapsed} onToggle={toggle} />}
        />
      </aside>
    ) : null
  const bar = showsBar ? (
    <header
      className={`sticky top-0 z-30 flex items-center gap-2 border-b border-brand-100 bg-white/90 px-2 py-2 backdrop-blur-sm ${viewportUnknown ? 'order-first lg:hidden' : ''}`}
    >
      <button
        ref={menuButton}
        type="button"
        onClick={() => setMenuOpenedAt(pathname)}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        className="rounded-lg p-2 text-slate-700 hover:bg-brand-50 hover:text-brand-900"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      <Link to="/" aria-label={`${society.shortName} home`} className="rounded-lg">
        <Wordmark size="xs" />
      </Link>
    </header>
  ) : null

  // NOTE: ahead of the app, the sidebar and the top bar come after the page in the markup (CSS puts
  // them first): the app drops the one the viewport does not need and keeps the others where they
  // are — an element moved is painted again, and the page's would be (app/start.tsx).
  return (
    <>
      <div className="flex min-h-dvh" inert={menuOpen}>
        <SkipLink />
        {viewportUnknown ? null : sidebar}
        <div className="flex min-w-0 flex-1 flex-col">
          {viewportUnknown ? null : bar}
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            <ErrorBoundary
              key={pathname}
              fallback={({ error, reset }) => (
                <RenderFailure onRetry={reset} reload={isChunkLoadError(error)} />
              )}
            >
              {children ?? <Outlet />}
            </ErrorBoundary>
          </main>
          {viewportUnknown ? bar : null}
        </div>
        {viewportUnknown ? sidebar : null}
      </div>
      {menuOpen ? (
        <SlideOver label="Menu" onClose={closeMenu} returnFocusTo={menuButton}>
          <SidebarContent
            user={user}
            inAdmin={inAdmin}
            collapsed={false}
            headerAction={<CloseButton onClose={closeMenu} />}
            onNavigate={closeMenu}
          />
        </SlideOver>
      ) : null}
    </>
  )
}
