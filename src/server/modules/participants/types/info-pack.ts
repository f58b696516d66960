import { builder } from '#server/graphql/builder.ts'
import type { InfoPack } from '../get-info-pack.ts'
import { InfoPackAttachmentRef } from './info-pack-attachment.ts'

export const InfoPackRef = builder.objectRef<InfoPack>('InfoPack').implement({
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    applicationType: t.exposeString('applicationType', { nullable: true }),
    applicationTypeLabel: t.exposeString('applicationTypeLabel', { nullable: true }),
    html: t.exposeString('html', { nullable: true, description: 'Rendered and sanitised; null when empty.' }),
    attachments: t.field({ type: [InfoPackAttachmentRef], resolve: (p) => p.attachments }),
  }),
})
