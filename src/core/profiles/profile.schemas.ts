import { z } from 'zod'

/** Voice parts (PRODUCT.md §2 Profile): the four sections and their 1/2 splits. */
export const VOICE_PARTS = [
  'soprano',
  'soprano 1',
  'soprano 2',
  'alto',
  'alto 1',
  'alto 2',
  'tenor',
  'tenor 1',
  'tenor 2',
  'bass',
  'bass 1',
  'bass 2',
] as const
export type VoicePart = (typeof VOICE_PARTS)[number]

/** A voice part as people read it: "Alto 1" (stored as `alto 1`); any other text as it is. */
export function voicePartName(part: string): string {
  return (VOICE_PARTS as readonly string[]).includes(part)
    ? part.charAt(0).toUpperCase() + part.slice(1)
    : part
}

export const INSTRUMENT_LEVELS = ['beginner', 'intermediate', 'advanced', 'professional'] as const
export type InstrumentLevel = (typeof INSTRUMENT_LEVELS)[number]

export const instrumentSchema = z.object({
  instrument: z.string().trim().min(1, 'Name the instrument.').max(80),
  level: z.enum(INSTRUMENT_LEVELS, { error: 'Choose a level.' }),
})

const phone = z
  .string()
  .trim()
  .min(6, 'Give a phone number.')
  .max(30)
  .regex(/^\+?[0-9 ()-]+$/, 'Use digits, spaces, brackets, hyphens and an optional leading +.')

export const emergencyContactSchema = z.object({
  name: z.string().trim().min(1, 'Give your emergency contact’s name.').max(120),
  phone,
  relationship: z.string().trim().min(1, 'Say how they are related to you.').max(60),
})

/**
 * What every application needs from the member's profile (PRODUCT.md §2 Decision): a name, a phone
 * number and an emergency contact. The form prefills them and saving an application saves them back.
 */
export const profileEssentialsSchema = z.object({
  name: z.string().trim().min(1, 'Give your name.').max(120),
  phone,
  emergencyContact: emergencyContactSchema,
})
export type ProfileEssentials = z.infer<typeof profileEssentialsSchema>

/** Which essentials a profile is missing, by field path (empty when it is complete). */
export function missingEssentials(profile: {
  name?: string | null
  phone?: string | null
  emergencyContact?: { name?: string; phone?: string; relationship?: string } | null
}): string[] {
  const parsed = profileEssentialsSchema.safeParse({
    name: profile.name ?? '',
    phone: profile.phone ?? '',
    emergencyContact: profile.emergencyContact ?? {},
  })
  return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.path.join('.')))]
}

// ---- The whole profile (/profile): ONE schema, the form checks with it and the server parses with it.

const PHONE_PATTERN = /^\+?[0-9 ()-]+$/

/** Free text that may be left empty ('' is "not given"; the server stores null). */
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`)

/** The emails a member may turn off. Emails about their own applications, tickets and account always go. */
export const emailPreferencesSchema = z.object({
  eventAnnouncements: z.boolean().describe('New events and auditions opening.'),
  reminders: z.boolean().describe('Reminders before rehearsals and deadlines.'),
})
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = { eventAnnouncements: true, reminders: true }

export const MAX_INSTRUMENTS = 12

export const profileSchema = z
  .object({
    preferredName: z
      .string()
      .trim()
      .min(1, 'Give your name.')
      .max(120, 'Keep your name under 120 characters.'),
    pronouns: optionalText(40, 'Pronouns'),
    phone: z
      .string()
      .trim()
      .max(30, 'A phone number is at most 30 characters.')
      .refine((v) => v === '' || (v.length >= 6 && PHONE_PATTERN.test(v)), {
        message: 'Use digits, spaces, brackets, hyphens and an optional leading +.',
      }),
    emergencyContact: emergencyContactSchema.nullable(),
    voicePart: z.string().refine((v) => v === '' || (VOICE_PARTS as readonly string[]).includes(v), {
      message: 'Choose a voice part from the list.',
    }),
    instruments: z
      .array(instrumentSchema)
      .max(MAX_INSTRUMENTS, `List at most ${MAX_INSTRUMENTS} instruments.`),
    dietaryRequirements: optionalText(500, 'Dietary requirements'),
    accessNeeds: optionalText(500, 'Access needs'),
    bio: optionalText(2000, 'Your bio'),
    socialListOptIn: z.boolean(),
    emailPreferences: emailPreferencesSchema,
  })
  .superRefine((profile, ctx) => {
    const seen = new Set<string>()
    profile.instruments.forEach((item, index) => {
      const key = item.instrument.trim().toLowerCase()
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['instruments', index, 'instrument'],
          message: 'This instrument is already listed.',
        })
      }
      seen.add(key)
    })
  })
export type ProfileInput = z.input<typeof profileSchema>
export type Profile = z.output<typeof profileSchema>

/** Changing the sign-in email. */
export const changeEmailSchema = z.object({
  newEmail: z.string().trim().toLowerCase().email('Give a valid email address.').max(254),
})

/** Deleting the account: the member types their email to confirm. */
export function deleteConfirmationMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase()
}

/** Profile photos: an image of at most 5 MB, stored as a square. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_SIZE_PX = 512
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
/**
 * The largest photo the server will decode, read from the file's header before any decoding: a
 * 48-megapixel phone photo (8,064 × 6,048) fits; a 1,285-byte PNG claiming 20,000 × 20 does not
 * pass the shape check. Decoding is what costs memory, so both are refused before it.
 */
export const PHOTO_MAX_PIXELS = 50_000_000
/** Longest side over shortest side: a panorama of 4:1 crops to a face; 1,000,000 × 49 is a bomb. */
export const PHOTO_MAX_ASPECT = 4
/** A stored photo is a 512-px WebP; anything over this is not a photo we made. */
export const PHOTO_MAX_OUTPUT_BYTES = 512 * 1024

export const PHOTO_TOO_MANY_PIXELS = `A profile photo can be at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels. Try a smaller copy.`
export const PHOTO_TOO_NARROW = `A profile photo can be at most ${PHOTO_MAX_ASPECT} times as wide as it is tall (or tall as it is wide). Crop it first.`

/**
 * Why an image of these dimensions (from its header) is refused before decoding, or null when it may
 * be decoded. Missing or zero dimensions are refused too: nothing can be checked, so nothing is decoded.
 */
export function photoDimensionsRefusal(width: number | undefined, height: number | undefined): string | null {
  if (!width || !height || width < 1 || height < 1) return 'That image could not be read. Try another file.'
  if (width * height > PHOTO_MAX_PIXELS) return PHOTO_TOO_MANY_PIXELS
  if (Math.max(width, height) > PHOTO_MAX_ASPECT * Math.min(width, height)) return PHOTO_TOO_NARROW
  return null
}

/** Years without activity after which a profile is flagged to superAdmins for deletion (default). */
export const DEFAULT_RETENTION_YEARS = 6
