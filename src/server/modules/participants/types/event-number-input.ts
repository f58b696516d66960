import { builder } from '#server/graphql/builder.ts'

export const EventNumberInput = builder.inputType('EventNumberInput', {
  fields: (t) => ({
    id: t.id({
      required: false,
      description: 'Keep this existing number (and its tracks); omit for a new one.',
    }),
    label: t.string({ required: true }),
    title: t.string({ required: true }),
  }),
})
