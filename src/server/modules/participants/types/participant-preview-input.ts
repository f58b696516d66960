import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import type { ParticipantPreview } from '../participant-access.ts'

export const ParticipantPreviewInput = builder.inputType('ParticipantPreviewInput', {
  description: 'Admin sandbox: see the page as a member with this application type and status would.',
  fields: (t) => ({
    applicationType: t.string({ required: true }),
    status: t.field({ type: ApplicationStatusEnum, required: true }),
  }),
})

/** The `preview` argument every participant page takes. */
export const previewArg = {
  type: ParticipantPreviewInput,
  required: false,
  description: 'Admins (admin.general) only: answer as such a member would see it; FORBIDDEN for others.',
} as const

export const toPreview = (p: ParticipantPreview | null | undefined): ParticipantPreview | null =>
  p ? { applicationType: p.applicationType, status: p.status } : null
