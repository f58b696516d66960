import type { RequestContext } from '#server/context.ts'
import { attachmentsOfEvent, toAttachment, type InfoPackAttachment } from './event-attachments.queries.ts'
import { markdownOrNull } from './page-content.ts'
import { participantAccess, type ParticipantPreview } from './participant-access.ts'

export interface InfoPack {
  eventSlug: string
  eventTitle: string
  applicationType: string | null
  applicationTypeLabel: string | null
  html: string | null
  attachments: InfoPackAttachment[]
}

/**
 * The info pack of the actor's application type (or `applicationType`), with signed attachment
 * links: the attachments for every type and those for this one.
 */
export async function getInfoPack(
  ctx: RequestContext,
  input: { eventSlug: string; applicationType: string | null; preview: ParticipantPreview | null },
): Promise<InfoPack> {
  const { event, config, application } = await participantAccess(ctx, input.eventSlug, 'infoPack', {
    preview: input.preview,
    applicationType: input.applicationType,
  })
  const type =
    input.applicationType ?? application?.applicationType ?? Object.keys(config.applicationTypes)[0] ?? null
  const attachments = (await attachmentsOfEvent(ctx.services.db, event.id)).filter(
    (a) => a.applicationType === null || a.applicationType === type,
  )
  return {
    eventSlug: event.slug,
    eventTitle: event.title,
    applicationType: type,
    applicationTypeLabel: type ? (config.applicationTypes[type]?.label ?? type) : null,
    html: type ? markdownOrNull(config.content.infoPack[type]) : null,
    attachments: attachments.map((a) => toAttachment(a, ctx.services.config.authSecret)),
  }
}
