import { hasRole, type HasRoles, type Role } from './roles.ts'

/**
 * Every capability and the roles that hold it: the spec's §6 table plus PRODUCT.md §3. The router,
 * the sidebar, the footer and every resolver ask `can`, so a rule changes in one place.
 */
export const CAPABILITIES = {
  /** The /admin route group and the footer 'Admin' link. ticketAdmin may enter for Ticket Allocation only. */
  'admin.enter': ['superAdmin', 'boardMember', 'orchestraAdmin', 'sitrMD', 'socialConvenor', 'ticketAdmin'],
  /** Dashboard, Event Config, Casting, Acceptance, Operations, Sandbox. */
  'admin.general': ['superAdmin', 'boardMember', 'orchestraAdmin', 'sitrMD', 'socialConvenor'],
  'admin.profiles': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.ticketStats': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.mailingLists': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.showReveals': ['superAdmin', 'boardMember', 'orchestraAdmin'],
  'admin.ticketAllocation': ['superAdmin', 'ticketAdmin'],
  /** Grant and revoke roles; read the outbox and the job queue; site-wide announcements. */
  'admin.roles': ['superAdmin'],
  'admin.outbox': ['superAdmin'],
  'admin.jobs': ['superAdmin'],
  'admin.announce': ['superAdmin'],
  /** The Committee view: grant, renew, revoke and hand over roles other than superAdmin (core/auth/role-terms.ts). */
  'admin.committee': ['superAdmin', 'boardMember'],
  /** The audit log: board oversight of who changed what. */
  'admin.audit': ['superAdmin', 'boardMember'],
  /** Profiles of members inactive past the retention period, flagged for deletion (decision 0020). */
  'admin.retention': ['superAdmin'],
  /** The society's settings: name, logo, colour, time zone, bank details (decision 0039). */
  'admin.settings': ['superAdmin'],
  /**
   * The society's money across events (issue 28, decision 0052): card payouts with Stripe's fees and
   * every payment received, as CSV for the treasurer, who sits on the board.
   */
  'admin.finance': ['superAdmin', 'boardMember'],
} as const satisfies Record<string, readonly Role[]>

export type Capability = keyof typeof CAPABILITIES

/** Signed-in users may use the normal app; capabilities above need one of their roles. */
export function can(
  user: (HasRoles & { id?: string }) | null | undefined,
  capability: Capability | 'app.use',
): boolean {
  if (!user) return false
  if (capability === 'app.use') return true
  return hasRole(user, CAPABILITIES[capability])
}
