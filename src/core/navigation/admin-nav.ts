import { can, type Capability } from '../auth/policies.ts'
import type { HasRoles } from '../auth/roles.ts'

export type AdminNavKey =
  | 'dashboard'
  | 'eventConfig'
  | 'casting'
  | 'acceptance'
  | 'operations'
  | 'profiles'
  | 'committee'
  | 'ticketStats'
  | 'mailingLists'
  | 'showReveals'
  | 'ticketSetup'
  | 'ticketAllocation'
  | 'money'
  | 'settings'

export interface AdminNavItem {
  key: AdminNavKey
  label: string
  to: string
  capability: Capability
}

/**
 * The admin sidebar of the spec (§2) with PRODUCT.md §3's decision: the ticket links use the event
 * chosen in the picker, not a fixed slug. Each item names the capability its route checks.
 */
export function adminSidebar(user: HasRoles | null | undefined, ticketEventSlug?: string): AdminNavItem[] {
  const slug = ticketEventSlug ? encodeURIComponent(ticketEventSlug) : undefined
  const all: (AdminNavItem | null)[] = [
    { key: 'dashboard', label: 'Dashboard', to: '/admin', capability: 'admin.general' },
    { key: 'eventConfig', label: 'Event Config', to: '/admin/events', capability: 'admin.general' },
    { key: 'casting', label: 'Casting', to: '/admin/casting', capability: 'admin.general' },
    { key: 'acceptance', label: 'Acceptance', to: '/admin/acceptance', capability: 'admin.general' },
    { key: 'operations', label: 'Operations', to: '/admin/operations', capability: 'admin.general' },
    { key: 'profiles', label: 'Profiles', to: '/admin/profiles', capability: 'admin.profiles' },
    { key: 'committee', label: 'Committee', to: '/admin/committee', capability: 'admin.committee' },
    {
      key: 'ticketStats',
      label: 'Ticket Stats',
      to: slug ? `/admin/${slug}/tickets` : '/admin/tickets',
      capability: 'admin.ticketStats',
    },
    {
      key: 'mailingLists',
      label: 'Mailing Lists',
      to: '/admin/mailing-lists',
      capability: 'admin.mailingLists',
    },
    { key: 'showReveals', label: 'Show Reveals', to: '/admin/show-reveals', capability: 'admin.showReveals' },
    {
      key: 'ticketSetup',
      label: 'Tickets',
      to: slug ? `/admin/${slug}/tickets/setup` : '/admin/tickets/setup',
      capability: 'admin.ticketAllocation',
    },
    {
      key: 'ticketAllocation',
      label: 'Ticket Allocation',
      to: slug ? `/admin/${slug}/tickets/allocation` : '/admin/tickets/allocation',
      capability: 'admin.ticketAllocation',
    },
    // The treasurer's exports across events: card payouts with fees, every payment received.
    { key: 'money', label: 'Money', to: '/admin/money', capability: 'admin.finance' },
    // The society's name, logo, colour and bank details (decision 0039): last, set once.
    { key: 'settings', label: 'Society Settings', to: '/admin/settings', capability: 'admin.settings' },
  ]
  return all.filter((item): item is AdminNavItem => item !== null && can(user, item.capability))
}

export interface FooterLink {
  key: 'profile' | 'signOut' | 'admin' | 'exitAdmin'
  label: string
  to?: string
}

/** Footer links (spec §2 Footer): member pages vs admin pages. */
export function footerLinks(user: HasRoles | null | undefined, inAdmin: boolean): FooterLink[] {
  if (inAdmin) return [{ key: 'exitAdmin', label: 'Exit Admin Mode', to: '/' }]
  const links: FooterLink[] = [
    { key: 'profile', label: 'Your profile', to: '/profile' },
    { key: 'signOut', label: 'Sign out' },
  ]
  if (can(user, 'admin.enter')) links.push({ key: 'admin', label: 'Admin', to: adminHome(user) })
  return links
}

/** Where "Admin" leads: the dashboard, or Ticket Allocation for a ticketAdmin with nothing else. */
export function adminHome(user: HasRoles | null | undefined): string {
  return can(user, 'admin.general') ? '/admin' : '/admin/tickets/allocation'
}
