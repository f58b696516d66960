import { builder } from '#server/graphql/builder.ts'

export const BasketLineInput = builder.inputType('BasketLineInput', {
  description: 'How many tickets of one type a basket asks for (a line of 0 is left out).',
  fields: (t) => ({
    ticketTypeId: t.id({ required: true }),
    quantity: t.int({ required: true }),
  }),
})
