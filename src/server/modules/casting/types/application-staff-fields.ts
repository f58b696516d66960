import { builder } from '#server/graphql/builder.ts'
import { ApplicationRef } from '#server/modules/applications/types/application.ts'
import { applicantOf, otherApplications, pastParticipation, reviewsOf } from '../casting.queries.ts'
import { ApplicantRef } from './applicant.ts'
import { ApplicationReviewRef } from './application-review.ts'
import { CastingApplicationRef } from './casting-application.ts'
import { PastParticipationRef } from './past-participation.ts'

// The staff-only fields of Application, in one place: each refuses anyone without admin.general
// (FORBIDDEN, the applicant included).

builder.objectFields(ApplicationRef, (t) => ({
  applicant: t.field({
    type: ApplicantRef,
    description: "The applicant's profile. Admins only (FORBIDDEN otherwise, the owner included).",
    resolve: (a, _args, ctx) => applicantOf(ctx, a.userId),
  }),
  reviews: t.field({
    type: [ApplicationReviewRef],
    description: "Every reviewer's score and note, newest first. Admins only.",
    resolve: (a, _args, ctx) => reviewsOf(ctx, a.id),
  }),
  myReview: t.field({
    type: ApplicationReviewRef,
    nullable: true,
    description: "The viewer's own review, if any. Admins only.",
    resolve: async (a, _args, ctx) =>
      (await reviewsOf(ctx, a.id)).find((r) => r.reviewerId === ctx.actor?.id) ?? null,
  }),
  pastParticipation: t.field({
    type: [PastParticipationRef],
    description: "The member's CONFIRMED and PAID applications to other events. Admins only.",
    resolve: (a, _args, ctx) => pastParticipation(ctx, a),
  }),
  otherApplications: t.field({
    type: [CastingApplicationRef],
    description: "The member's other applications to this event. Admins only.",
    resolve: (a, _args, ctx) => otherApplications(ctx, a),
  }),
}))
