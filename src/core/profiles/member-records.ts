import { z } from 'zod'
import { ROLES } from '../auth/roles.ts'
import { VOICE_PARTS } from './profile.schemas.ts'

/**
 * The filters of the member records list (`/admin/profiles`, issue 12): one schema for the page's
 * form, the GraphQL field and the CSV export, so the export holds exactly the rows the list shows.
 */
export const memberRecordFilterSchema = z.object({
  /** Part of a name, preferred name, email or slug; case-insensitive. */
  search: z.string().trim().max(120).nullish(),
  role: z.enum(ROLES).nullish(),
  voicePart: z.enum(VOICE_PARTS).nullish(),
  /** An instrument named in the profile; case-insensitive, whole name. */
  instrument: z.string().trim().max(80).nullish(),
  /** An event's slug: members with a CONFIRMED or PAID application to it. */
  eventSlug: z.string().trim().max(120).nullish(),
  /** The year the account was created (UTC). */
  joinedYear: z.number().int().min(2000).max(2100).nullish(),
})
export type MemberRecordFilter = z.infer<typeof memberRecordFilterSchema>

/** The statuses that count as having taken part in an event (the cast list's). */
export const PARTICIPATED_STATUSES = ['CONFIRMED', 'PAID'] as const

/**
 * What staff may change on a member's profile from their record; every edit is audited. A field
 * left out stays as it is; null or an empty string clears it.
 */
export const staffProfileEditSchema = z.object({
  name: z.string().trim().min(1, 'Give a name.').max(120),
  preferredName: z.string().trim().max(120).nullish(),
  pronouns: z.string().trim().max(40).nullish(),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^(\+?[0-9 ()-]{6,})?$/, 'Use digits, spaces, brackets, hyphens and an optional leading +.')
    .nullish(),
  voicePart: z.enum(VOICE_PARTS).nullish(),
  dietaryRequirements: z.string().trim().max(500).nullish(),
  accessNeeds: z.string().trim().max(500).nullish(),
})
export type StaffProfileEdit = z.infer<typeof staffProfileEditSchema>

/** The CSV export's columns, in order. */
export const MEMBER_CSV_COLUMNS = [
  'name',
  'preferred_name',
  'email',
  'slug',
  'roles',
  'voice_part',
  'instruments',
  'joined',
] as const
