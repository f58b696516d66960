import { answeredVoicePart } from '#core/applications/voice-part.ts'
import { builder } from '#server/graphql/builder.ts'
import { questionsOf } from '#server/modules/applications/application-types.ts'
import { ApplicationRef } from '#server/modules/applications/types/application.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { castingAnswers } from '../casting-answers.ts'
import type { CastingRow } from '../casting-sql.ts'
import { CastingAnswerRef } from './casting-answer.ts'
import { castingEventInfo, CastingEventRef } from './casting-event.ts'

export const CastingApplicationRef = builder.objectRef<CastingRow>('CastingApplication').implement({
  description: 'An application as the casting list shows it (admins only).',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    applicationType: t.exposeString('applicationType'),
    status: t.field({ type: ApplicationStatusEnum, resolve: (a) => a.status }),
    part: t.exposeString('part', { nullable: true }),
    version: t.exposeInt('version'),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    preferredName: t.exposeString('preferredName', { nullable: true }),
    pronouns: t.exposeString('pronouns', { nullable: true }),
    voicePart: t.string({
      nullable: true,
      description: 'The voice part answered on the application, else the profile’s.',
      resolve: async (a, _args, ctx) => {
        const event = await EventRef.getDataloader(ctx).load(a.eventId)
        const questions = questionsOf(event, a.applicationType)
        return answeredVoicePart(questions, a.answers as Record<string, unknown>, a.voicePart)
      },
    }),
    averageScore: t.exposeFloat('averageScore', { nullable: true }),
    reviewCount: t.exposeInt('reviewCount'),
    answers: t.field({
      type: [CastingAnswerRef],
      resolve: async (a, _args, ctx) => {
        const event = await EventRef.getDataloader(ctx).load(a.eventId)
        const questions = questionsOf(event, a.applicationType)
        return castingAnswers(a, questions, ctx.services.config.authSecret)
      },
    }),
    event: t.field({
      type: CastingEventRef,
      resolve: async (a, _args, ctx) => castingEventInfo(await EventRef.getDataloader(ctx).load(a.eventId)),
    }),
    application: t.field({
      type: ApplicationRef,
      description: 'The application itself, with its admin-only fields (applicant, reviews, history).',
      resolve: (a) => a,
    }),
  }),
})
