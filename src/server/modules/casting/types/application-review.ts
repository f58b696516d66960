import { builder } from '#server/graphql/builder.ts'
import type { Review } from '../casting.queries.ts'

export const ApplicationReviewRef = builder.objectRef<Review>('ApplicationReview').implement({
  description: "One reviewer's score (1–5) and note on an application.",
  fields: (t) => ({
    id: t.id({ resolve: (r) => `${r.applicationId}:${r.reviewerId}` }),
    reviewerId: t.exposeID('reviewerId'),
    reviewerName: t.exposeString('reviewerName'),
    score: t.exposeInt('score', { nullable: true }),
    note: t.exposeString('note'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    mine: t.boolean({ resolve: (r, _args, ctx) => r.reviewerId === ctx.actor?.id }),
  }),
})
