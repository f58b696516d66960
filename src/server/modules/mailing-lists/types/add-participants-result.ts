import { builder } from '#server/graphql/builder.ts'
import type { AddParticipantsResult } from '../add-event-participants.ts'

export const AddParticipantsResultRef = builder
  .objectRef<AddParticipantsResult>('AddParticipantsResult')
  .implement({
    description: 'What adding an event’s participants to a list did.',
    fields: (t) => ({
      participants: t.exposeInt('participants'),
      added: t.exposeInt('added'),
      alreadyOnList: t.exposeInt('alreadyOnList', {
        description: 'Already on the list in any status, left as they were (unsubscribes stay).',
      }),
    }),
  })
