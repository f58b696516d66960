import { z } from 'zod'
import { can } from './policies.ts'
import { hasRole, ROLE_NAMES, ROLES, type HasRoles, type Role } from './roles.ts'

/** The member whose term ends gets an email this many days before. */
export const ROLE_REMINDER_DAYS = 7

/**
 * Who may grant, renew, revoke or hand over `role`: only a superAdmin for superAdmin; the
 * committee (superAdmin, boardMember) for every other role.
 */
export function canGrantRole(actor: HasRoles | null | undefined, role: Role): boolean {
  if (role === 'superAdmin') return hasRole(actor, 'superAdmin')
  return can(actor, 'admin.committee')
}

export const ROLE_REFUSALS = {
  superAdminOnly: 'Only a society admin can make someone a society admin or take it away.',
  committeeOnly: 'Only the committee (a society admin or a board member) can change roles.',
  lastSuperAdmin: 'Nobody can remove the last society admin.',
  endInPast: 'The end of the term must be in the future.',
} as const

/** The refusal for an actor who may not change `role`. */
export function roleRefusal(role: Role): string {
  return role === 'superAdmin' ? ROLE_REFUSALS.superAdminOnly : ROLE_REFUSALS.committeeOnly
}

export const roleSchema = z.enum(ROLES, {
  error: `Choose one of: ${ROLES.map((r) => ROLE_NAMES[r]).join(', ')}.`,
})

/** A grant (or renewal) of a role with an optional end of term, as the Committee form sends it. */
export const roleGrantSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Give the email address of a member.' })),
  role: roleSchema,
  endsAt: z.coerce.date({ error: 'Give a valid end date.' }).nullable().optional(),
})

export type RoleGrantInput = z.input<typeof roleGrantSchema>

/** When the reminder goes out: a week before the end, or straight away for a shorter term. */
export function reminderAt(endsAt: Date, now: Date): Date {
  const at = new Date(endsAt.getTime() - ROLE_REMINDER_DAYS * 86_400_000)
  return at < now ? now : at
}
