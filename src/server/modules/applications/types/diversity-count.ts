import { builder } from '#server/graphql/builder.ts'

export const DiversityCountRef = builder
  .objectRef<{ answer: string; count: string }>('DiversityCount')
  .implement({
    fields: (t) => ({
      answer: t.exposeString('answer'),
      count: t.exposeString('count', { description: 'A number, or "<5" for 1 to 4.' }),
    }),
  })
