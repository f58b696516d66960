import { builder } from '#server/graphql/builder.ts'

export const CastingPageInfoRef = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('CastingPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  })
