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
