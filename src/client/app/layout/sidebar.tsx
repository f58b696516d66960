import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  Contact,
  DoorOpen,
  Drama,
  FileText,
  Landmark,
  LayoutDashboard,
  ListMusic,
  Mail,
  MailCheck,
  PanelLeftClose,
  PanelLeftOpen,
  PartyPopper,
  Settings2,
  PoundSterling,
  Sparkles,
  Ticket,
  TicketCheck,
  UserRound,
  Users,
  X,
  type LucideIcon,
  Building2,
} from 'lucide-react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { can } from '#core/auth/policies.ts'
import { adminSidebar, type AdminNavKey } from '#core/navigation/admin-nav.ts'
import type { NavItemKey } from '#core/navigation/member-nav.ts'
import { Logo } from '#client/components/ui/logo.tsx'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { useMemberSidebar } from '#client/features/navigation/hooks/use-member-sidebar.ts'
import type { CurrentUser } from '#client/lib/auth.ts'
import { AccountFooter } from './sidebar-account.tsx'
import { SectionTitle, SidebarLink } from './sidebar-item.tsx'
import { useSociety } from '#client/lib/society.tsx'

const MEMBER_ICONS: Record<NavItemKey, LucideIcon> = {
  events: CalendarDays,
  profile: UserRound,
  applications: FileText,
  tickets: Ticket,
  castList: Users,
  infoPack: BookOpen,
  partBreakdown: ListMusic,
  venueAccess: DoorOpen,
  socialLinks: PartyPopper,
}

const ADMIN_ICONS: Record<AdminNavKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  eventConfig: Settings2,
  casting: Drama,
  acceptance: MailCheck,
  operations: ClipboardList,
  profiles: Contact,
  committee: Landmark,
  ticketStats: ChartColumn,
  mailingLists: Mail,
  showReveals: Sparkles,
  ticketSetup: Ticket,
  ticketAllocation: TicketCheck,
  money: PoundSterling,
  settings: Building2,
}

// NOTE: the ticket-event picker belongs to the admin feature; it is downloaded only in admin mode,
// so members never fetch it (decision 0018). Until it arrives the items show without an event.
const loadTicketEventSource = () => import('./ticket-event-source.tsx')
const TicketEventSource = lazy(() => loadTicketEventSource().then((m) => ({ default: m.TicketEventSource })))

/** `/admin` and everything under it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * aria-current for a sidebar link: "page" on its own page; "true" on a page under it (an event's
 * casting page marks Casting), unless another of `siblings` is a closer match (Ticket Allocation,
 * not Ticket Stats, on `/admin/tickets/allocation`). The home link is current on `/` and `/events`.
 */
export function currentFor(
  to: string,
  pathname: string,
  nested: boolean,
  siblings: readonly string[] = [],
): 'page' | 'true' | undefined {
  const here = trimSlash(pathname)
  const target = trimSlash(to)
  if (here === target || (target === '/' && here === '/events')) return 'page'
  const under = (path: string) => path !== '/' && path !== '/admin' && here.startsWith(`${path}/`)
  if (!nested || !under(target)) return undefined
  const closer = siblings
    .map(trimSlash)
    .some((other) => other.length > target.length && (other === here || under(other)))
  return closer ? undefined : 'true'
}

function MemberNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation()
  const { sections, loading } = useMemberSidebar(pathname)
  return (
    <div aria-busy={loading || undefined} data-nav-loading={loading || undefined}>
      {sections.map((section, index) => {
        const items = section.items.map((item) => (
          <SidebarLink
            key={`${item.key}-${item.to}`}
            to={item.to}
            label={item.label}
            icon={MEMBER_ICONS[item.key]}
            current={currentFor(item.to, pathname, false)}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))
        if (!section.title) {
          return (
            <ul key="top" className="space-y-0.5">
              {items}
            </ul>
          )
        }
        const titleId = `sidebar-section-${index}`
        return (
          <div key={section.eventSlug ?? index} className="mt-5" data-event-section={section.eventSlug}>
            <SectionTitle id={titleId} collapsed={collapsed}>
              {section.title}
            </SectionTitle>
            <ul aria-labelledby={titleId} className="space-y-0.5">
              {items}
            </ul>
          </div>
        )
      })}
    </div>
  )
}

function AdminNav({
  user,
  collapsed,
  onNavigate,
}: {
  user: CurrentUser
  collapsed: boolean
  onNavigate?: () => void
}) {
  const hasTicketItems = adminSidebar(user).some(
    (item) => item.key === 'ticketStats' || item.key === 'ticketAllocation' || item.key === 'ticketSetup',
  )
  const props = { user, collapsed, onNavigate }
  if (!hasTicketItems) return <AdminItems {...props} />
  return (
    <Suspense fallback={<AdminItems {...props} />}>
      <TicketEventSource>
        {(ticketSlug, picker) => <AdminItems {...props} ticketSlug={ticketSlug} picker={picker} />}
      </TicketEventSource>
    </Suspense>
  )
}

function AdminItems({
  user,
  collapsed,
  onNavigate,
  ticketSlug,
  picker,
}: {
  user: CurrentUser
  collapsed: boolean
  onNavigate?: () => void
  /** The event the ticket links use (decided by the ticket-event picker). */
  ticketSlug?: string
  picker?: ReactNode
}) {
  const { pathname } = useLocation()
  const items = adminSidebar(user, ticketSlug)
  const targets = items.map((item) => item.to)
  return (
    <>
      <SectionTitle id="sidebar-admin" collapsed={collapsed}>
        Admin
      </SectionTitle>
      <ul aria-labelledby="sidebar-admin" className="space-y-0.5">
        {items.map((item) => (
          <SidebarLink
            key={item.key}
            to={item.to}
            label={item.label}
            icon={ADMIN_ICONS[item.key]}
            current={currentFor(item.to, pathname, true, targets)}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {picker && !collapsed ? <div className="mt-5 px-2">{picker}</div> : null}
    </>
  )
}

export interface SidebarContentProps {
  user: CurrentUser
  inAdmin: boolean
  collapsed: boolean
  /** Beside the wordmark: the collapse toggle (desktop) or the close button (slide-over). */
  headerAction?: ReactNode
  /** Called when a link is followed (the slide-over closes). */
  onNavigate?: () => void
}

/**
 * What the sidebar holds, wherever it is shown: the wordmark, the member or admin navigation, and the
 * account footer. Which items appear is decided in core/navigation.
 */
export function SidebarContent({ user, inAdmin, collapsed, headerAction, onNavigate }: SidebarContentProps) {
  const society = useSociety()
  const mayEnterAdmin = can(user, 'admin.enter')
  // Fetched ahead for those who may enter admin mode, so the picker is there when they do.
  useEffect(() => {
    if (mayEnterAdmin) loadTicketEventSource().catch(() => undefined)
  }, [mayEnterAdmin])
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div
        className={`flex shrink-0 gap-2 px-3 pt-4 pb-3 ${collapsed ? 'flex-col items-center' : 'items-center justify-between'}`}
      >
        <Link
          to="/"
          aria-label={`${society.shortName} home`}
          onClick={onNavigate}
          className="shrink-0 rounded-lg"
        >
          {collapsed ? <Logo size="sm" /> : <Wordmark size="sm" />}
        </Link>
        {headerAction}
      </div>
      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        {inAdmin ? (
          <AdminNav user={user} collapsed={collapsed} onNavigate={onNavigate} />
        ) : (
          <MemberNav collapsed={collapsed} onNavigate={onNavigate} />
        )}
      </nav>
      <AccountFooter user={user} inAdmin={inAdmin} collapsed={collapsed} onNavigate={onNavigate} />
    </div>
  )
}

/** The desktop toggle: collapses the sidebar to icons, or expands it again. */
export function CollapseToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={!collapsed}
      aria-controls="app-sidebar"
      aria-label="Sidebar"
      title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      className="rounded-lg p-2 text-slate-600 hover:bg-brand-50 hover:text-brand-900"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  )
}

/** The slide-over's close button. */
export function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      onClick={onClose}
      aria-label="Close menu"
      data-autofocus=""
      className="rounded-lg p-2 text-slate-600 hover:bg-brand-50 hover:text-brand-900"
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  )
}
