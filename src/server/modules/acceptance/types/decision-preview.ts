import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import type { DecisionPlanItem } from '../decision-plan.ts'
import { DecisionEmailRef } from './decision-email.ts'

export const DecisionPreviewRef = builder.objectRef<DecisionPlanItem>('DecisionPreview').implement({
  description: 'What a decision would do to one application, and the email that would go.',
  fields: (t) => ({
    applicationId: t.id({ resolve: (i) => i.application.id }),
    applicantName: t.string({ resolve: (i) => i.applicant.name }),
    applicantEmail: t.string({ resolve: (i) => i.applicant.email }),
    currentStatus: t.field({ type: ApplicationStatusEnum, resolve: (i) => i.currentStatus }),
    resultingStatus: t.field({
      type: ApplicationStatusEnum,
      nullable: true,
      resolve: (i) => i.resultingStatus,
    }),
    refusal: t.exposeString('refusal', { nullable: true }),
    offerExpiresAt: t.expose('offerExpiresAt', { type: 'DateTime', nullable: true }),
    email: t.field({ type: DecisionEmailRef, nullable: true, resolve: (i) => i.email }),
  }),
})
