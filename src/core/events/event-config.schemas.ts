import { z } from 'zod'

/** A key of an application type or a payment line: lower-case, URL-safe. */
const key = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z][a-z0-9-]*$/, 'Use lower-case letters, digits and hyphens, starting with a letter.')

export const paymentLineSchema = z.object({
  key,
  label: z.string().min(1).max(120),
  amountPence: z.number().int().min(0).max(10_000_000),
  dueDate: z.string().date().optional(),
})
export type PaymentLine = z.infer<typeof paymentLineSchema>

export const permissionsSchema = z.object({
  releaseParticipantInfoPack: z.boolean().default(false),
  releaseFinalParticipantInfo: z.boolean().default(false),
  releaseCastList: z.boolean().default(false),
})
export type EventPermissions = z.infer<typeof permissionsSchema>

export const applicationTypeSchema = z.object({
  label: z.string().min(1).max(80),
  open: z.boolean().default(true),
  capacity: z.number().int().positive().optional(),
  auditionRequired: z.boolean().default(false),
})
export type ApplicationTypeConfig = z.infer<typeof applicationTypeSchema>

/**
 * eventConfig (PRODUCT.md §2), validated whenever it is written. The events issue adds form
 * questions and content blocks; unknown keys are refused so a typo cannot hide a setting.
 */
export const eventConfigSchema = z
  .object({
    permissions: permissionsSchema.default({
      releaseParticipantInfoPack: false,
      releaseFinalParticipantInfo: false,
      releaseCastList: false,
    }),
    applicationTypes: z.record(key, applicationTypeSchema).default({}),
    /** Keyed by application type: what a member of that type pays. */
    paymentLines: z.record(key, z.array(paymentLineSchema).max(20)).default({}),
  })
  .strict()
export type EventConfig = z.infer<typeof eventConfigSchema>

export function parseEventConfig(value: unknown): EventConfig {
  return eventConfigSchema.parse(value ?? {})
}
