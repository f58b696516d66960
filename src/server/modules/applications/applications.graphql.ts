import { builder } from '#server/graphql/builder.ts'
import { MAX_PAGE_SIZE } from '#server/graphql/limits.ts'
import { acceptOffer } from './accept-offer.ts'
import { applicationForm, myApplications, readableApplication } from './applications.queries.ts'
import { declineOffer } from './decline-offer.ts'
import { diversitySurvey, eventDiversityReport } from './diversity.queries.ts'
import { saveApplicationDraft } from './save-application-draft.ts'
import { submitApplication } from './submit-application.ts'
import { submitDiversitySurvey } from './submit-diversity-survey.ts'
import { ApplicationFormRef } from './types/application-form.ts'
import { ApplicationRef } from './types/application.ts'
import { DiversityReportRef } from './types/diversity-report.ts'
import { DiversitySurveyRef } from './types/diversity-survey.ts'
import { ProfileEssentialsInput } from './types/profile-essentials-input.ts'
import { updateApplicationAnswers } from './update-application-answers.ts'
import { withdrawApplication } from './withdraw-application.ts'

builder.queryFields((t) => ({
  myApplications: t.field({
    type: [ApplicationRef],
    description:
      "The signed-in member's own applications, every status, newest first (the sidebar applies the navigation rules).",
    args: { limit: t.arg.int({ required: false, defaultValue: MAX_PAGE_SIZE }) },
    resolve: (_root, args, ctx) => myApplications(ctx, args),
  }),
  application: t.field({
    type: ApplicationRef,
    description: "One application: the member's own, or anyone's for admins. Others' are NOT_FOUND.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readableApplication(ctx, String(args.id)),
  }),
  applicationForm: t.field({
    type: ApplicationFormRef,
    description:
      'The form of one application type of an event, with prefill, draft and any existing application.',
    args: { eventSlug: t.arg.string({ required: true }), type: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => applicationForm(ctx, args),
  }),
  diversitySurvey: t.field({
    type: DiversitySurveyRef,
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => diversitySurvey(ctx, args),
  }),
  diversityReport: t.field({
    type: DiversityReportRef,
    description: 'Admins (admin.general): the survey of an event in aggregate, small groups shown as "<5".',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => eventDiversityReport(ctx, args),
  }),
}))

builder.mutationFields((t) => ({
  saveApplicationDraft: t.field({
    type: 'DateTime',
    description: 'Autosave the form as typed so far ({ profile, answers }); returns when it was saved.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      data: t.arg({ type: 'JSON', required: true }),
    },
    resolve: (_root, args, ctx) => saveApplicationDraft(ctx, args),
  }),
  submitApplication: t.field({
    type: ApplicationRef,
    description: 'Apply. Idempotent: submitting again returns the same application.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      type: t.arg.string({ required: true }),
      profile: t.arg({ type: ProfileEssentialsInput, required: true }),
      answers: t.arg({
        type: 'JSON',
        required: true,
        description: "Answers to the type's own questions, keyed by question key.",
      }),
    },
    resolve: (_root, args, ctx) => submitApplication(ctx, args),
  }),
  updateApplicationAnswers: t.field({
    type: ApplicationRef,
    description: 'Change the answers while the application is SUBMITTED and the deadline has not passed.',
    args: {
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int({ required: true }),
      profile: t.arg({ type: ProfileEssentialsInput, required: true }),
      answers: t.arg({
        type: 'JSON',
        required: true,
        description: "Answers to the type's own questions, keyed by question key.",
      }),
    },
    resolve: (_root, args, ctx) => updateApplicationAnswers(ctx, { ...args, id: String(args.id) }),
  }),
  withdrawApplication: t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }), expectedVersion: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) =>
      withdrawApplication(ctx, { id: String(args.id), expectedVersion: args.expectedVersion ?? undefined }),
  }),
  acceptOffer: t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => acceptOffer(ctx, { id: String(args.id) }),
  }),
  declineOffer: t.field({
    type: ApplicationRef,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => declineOffer(ctx, { id: String(args.id) }),
  }),
  submitDiversitySurvey: t.field({
    type: ApplicationRef,
    description:
      'Answer the optional diversity survey of one’s own application, once (stored without a name).',
    args: { applicationId: t.arg.id({ required: true }), answers: t.arg({ type: 'JSON', required: true }) },
    resolve: (_root, args, ctx) =>
      submitDiversitySurvey(ctx, { applicationId: String(args.applicationId), answers: args.answers }),
  }),
}))
