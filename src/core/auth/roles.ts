/**
 * Role names of the spec (§6). A user with no roles is a plain member.
 */
export const ROLES = [
  'superAdmin',
  'boardMember',
  'orchestraAdmin',
  'sitrMD',
  'socialConvenor',
  'ticketAdmin',
] as const

export type Role = (typeof ROLES)[number]

/** What people read for each role: the codes stay in data, never on a page, in a toast or an email. */
export const ROLE_NAMES: Record<Role, string> = {
  superAdmin: 'Society admin',
  boardMember: 'Board member',
  orchestraAdmin: 'Orchestra admin',
  sitrMD: 'SITR musical director',
  socialConvenor: 'Social convenor',
  ticketAdmin: 'Ticket admin',
}

/** The name of a role as people read it; an unknown code is shown as it is. */
export function roleName(role: string): string {
  return isRole(role) ? ROLE_NAMES[role] : role
}

export interface HasRoles {
  roles?: readonly string[] | string | null
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

/** Normalise a role value (a string, a list, or nothing) to a list of known role names. */
export function rolesOf(user: HasRoles | null | undefined): Role[] {
  const raw = user?.roles
  if (!raw) return []
  const list = typeof raw === 'string' ? [raw] : raw
  return list.filter(isRole)
}

/**
 * Does the user hold the role, or any of the roles? The spec allows a string or a list on both
 * sides; a user with no roles has none.
 */
export function hasRole(user: HasRoles | null | undefined, roleOrRoles: string | readonly string[]): boolean {
  const held = rolesOf(user)
  if (held.length === 0) return false
  const wanted = typeof roleOrRoles === 'string' ? [roleOrRoles] : roleOrRoles
  return wanted.some((role) => (held as string[]).includes(role))
}
