import { builder } from '#server/graphql/builder.ts'
import type { InfoPackAttachment } from '../event-attachments.queries.ts'

export const InfoPackAttachmentRef = builder.objectRef<InfoPackAttachment>('InfoPackAttachment').implement({
  description: 'A file of an info pack (schedule, sheet music), with a signed link valid for 15 minutes.',
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationType: t.exposeString('applicationType', {
      nullable: true,
      description: 'Null when it is for every type.',
    }),
    title: t.exposeString('title'),
    fileName: t.exposeString('fileName'),
    contentType: t.exposeString('contentType'),
    size: t.exposeInt('size'),
    url: t.exposeString('url'),
  }),
})
