import {
  BookOpen,
  CalendarDays,
  ChartColumn,
  ClipboardList,
  Contact,
  DoorOpen,
  Drama,
  FileText,
  LayoutDashboard,
  ListMusic,
  LogOut,
  Mail,
  MailCheck,
  PanelLeftClose,
  PanelLeftOpen,
  PartyPopper,
  Settings2,
  ShieldCheck,
  Sparkles,
  Ticket,
  TicketCheck,
  Undo2,
  UserRound,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react'
import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { can } from '#core/auth/policies.ts'
import { adminSidebar, footerLinks, type AdminNavKey, type FooterLink } from '#core/navigation/admin-nav.ts'
import type { NavItemKey } from '#core/navigation/member-nav.ts'
import { Avatar } from '#client/components/ui/avatar.tsx'
import { Logo } from '#client/components/ui/logo.tsx'
import { Wordmark } from '#client/components/ui/wordmark.tsx'
import { useSignOut } from '#client/features/auth/hooks/use-sign-out.ts'
import { useMemberSidebar } from '#client/features/navigation/hooks/use-member-sidebar.ts'
import type { CurrentUser } from '#client/lib/auth.ts'

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
  ticketStats: ChartColumn,
  mailingLists: Mail,
  showReveals: Sparkles,
  ticketAllocation: TicketCheck,
}

// NOTE: the ticket-event picker belongs to the admin feature; it is downloaded only in admin mode,
// so members never fetch it (decision 0018). Until it arrives the items show without an event.
const loadTicketEventSource = () => import('./ticket-event-source.tsx')
const TicketEventSource = lazy(() => loadTicketEventSource().then((m) => ({ default: m.TicketEventSource })))

const FOOTER_ICONS: Record<FooterLink['key'], LucideIcon> = {
  profile: UserRound,
  signOut: LogOut,
  admin: ShieldCheck,
  exitAdmin: Undo2,
}

/** `/admin` and everything under it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/**
 * aria-current for a sidebar link: "page" on its own page; "true" on a page under it (an event's
 * casting page marks Casting). The home link is current on `/` and `/events`.
 */
export function currentFor(to: string, pathname: string, nested: boolean): 'page' | 'true' | undefined {
  const here = trimSlash(pathname)
  const target = trimSlash(to)
  if (here === target || (target === '/' && here === '/events')) return 'page'
  if (nested && target !== '/' && target !== '/admin' && here.startsWith(`${target}/`)) return 'true'
  return undefined
}

const itemClasses = (current: boolean, collapsed: boolean) =>
  [
    'flex items-center gap-3 rounded-lg py-2 text-sm font-medium transition-colors',
    collapsed ? 'justify-center px-2' : 'px-3',
    current
      ? 'bg-brand-100 text-brand-950 shadow-[inset_3px_0_0_var(--color-brand-700)]'
      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-900',
  ].join(' ')

function SidebarLink({
  to,
  label,
  icon: Icon,
  current,
  collapsed,
  onNavigate,
}: {
  to: string
  label: string
  icon: LucideIcon
  current: 'page' | 'true' | undefined
  collapsed: boolean
  onNavigate?: () => void
}) {
  return (
    <li>
      <Link
        to={to}
        aria-current={current}
        title={collapsed ? label : undefined}
        onClick={onNavigate}
        className={itemClasses(current !== undefined, collapsed)}
      >
        <Icon
          aria-hidden="true"
          className={`size-5 shrink-0 ${current ? 'text-brand-700' : 'text-slate-500'}`}
        />
        <span className={collapsed ? 'sr-only' : 'truncate'}>{label}</span>
      </Link>
    </li>
  )
}

function SectionTitle({ id, collapsed, children }: { id: string; collapsed: boolean; children: ReactNode }) {
  return (
    <>
      {collapsed ? <hr aria-hidden="true" className="mx-2 mb-2 border-brand-100" /> : null}
      <h2
        id={id}
        className={
          collapsed ? 'sr-only' : 'mb-1 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase'
        }
      >
        {children}
      </h2>
    </>
  )
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
    (item) => item.key === 'ticketStats' || item.key === 'ticketAllocation',
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
            current={currentFor(item.to, pathname, true)}
            collapsed={collapsed}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      {picker && !collapsed ? <div className="mt-5 px-2">{picker}</div> : null}
    </>
  )
}

function AccountFooter({
  user,
  inAdmin,
  collapsed,
  onNavigate,
}: {
  user: CurrentUser
  inAdmin: boolean
  collapsed: boolean
  onNavigate?: () => void
}) {
  const { signOut, pending } = useSignOut()
  const links = footerLinks(user, inAdmin)
  const name = user.name || user.email
  return (
    <section aria-label="Your account" className="border-t border-brand-100 px-2 pt-3 pb-2">
      <div className={`flex items-center gap-3 ${collapsed ? 'justify-center' : 'px-2'}`}>
        <Avatar name={name} image={user.image} size="sm" />
        <div className={collapsed ? 'sr-only' : 'min-w-0'}>
          <p className="truncate text-sm font-semibold text-slate-900" data-account-name="">
            {name}
          </p>
          {user.name ? <p className="truncate text-xs text-slate-600">{user.email}</p> : null}
        </div>
      </div>
      <ul className="mt-2 space-y-0.5">
        {links.map((link) => {
          const Icon = FOOTER_ICONS[link.key]
          const content = (
            <>
              <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <span className={collapsed ? 'sr-only' : 'truncate'}>{link.label}</span>
            </>
          )
          if (link.key === 'signOut' || !link.to) {
            return (
              <li key={link.key}>
                <button
                  type="button"
                  onClick={() => {
                    if (!pending) void signOut()
                  }}
                  aria-disabled={pending || undefined}
                  title={collapsed ? link.label : undefined}
                  className={`w-full ${itemClasses(false, collapsed)} aria-disabled:cursor-progress aria-disabled:opacity-70`}
                >
                  {content}
                </button>
              </li>
            )
          }
          return (
            <li key={link.key}>
              <Link
                to={link.to}
                onClick={onNavigate}
                title={collapsed ? link.label : undefined}
                className={itemClasses(false, collapsed)}
              >
                {content}
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
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
        <Link to="/" aria-label="Stagedoor home" onClick={onNavigate} className="shrink-0 rounded-lg">
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
