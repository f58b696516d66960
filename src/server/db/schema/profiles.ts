import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { PushPreferences } from '#core/notifications/push-preferences.ts'
import type { InstrumentLevel } from '#core/profiles/profile.schemas.ts'
import type { StudentStatus } from '#core/profiles/student-status.ts'
import { users } from './auth.ts'

export interface Instrument {
  instrument: string
  level: InstrumentLevel
}

export interface EmergencyContact {
  name: string
  phone: string
  relationship: string
}

/** A member's own data, one per user (PRODUCT.md §2 Profile). */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  preferredName: text('preferred_name'),
  pronouns: text('pronouns'),
  phone: text('phone'),
  studentStatus: text('student_status').$type<StudentStatus>(),
  institution: text('institution'),
  course: text('course'),
  graduationYear: integer('graduation_year'),
  voicePart: text('voice_part'),
  instruments: jsonb('instruments').$type<Instrument[]>().notNull().default([]),
  dietaryRequirements: text('dietary_requirements'),
  accessNeeds: text('access_needs'),
  emergencyContact: jsonb('emergency_contact').$type<EmergencyContact | null>(),
  bio: text('bio'),
  /** Show me as going on the social list of socials I am attending. Off until the member opts in. */
  socialListOptIn: boolean('social_list_opt_in').notNull().default(false),
  /** Storage key of the square profile photo (`profiles/<user>/<uuid>.webp`), served by signed URL. */
  photoKey: text('photo_key'),
  /** Optional emails the member has turned on or off (`emailPreferencesSchema`). */
  emailPreferences: jsonb('email_preferences')
    .$type<{ eventAnnouncements: boolean; reminders: boolean }>()
    .notNull()
    .default({ eventAnnouncements: true, reminders: true }),
  /** Notifications the member has turned on or off (`pushPreferencesSchema`); missing kinds are on. */
  pushPreferences: jsonb('push_preferences')
    .$type<Partial<PushPreferences>>()
    .notNull()
    .default({ offers: true, releases: true, showReveals: true, ticketOffers: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
