import { SIGNUP_CLOSED_MESSAGES } from '#core/events/signup.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import type { ApplicationForm } from '../applications.queries.ts'
import { ApplicationRef } from './application.ts'
import { FormQuestionRef } from './form-question.ts'
import { ProfileEssentialsRef } from './profile-essentials.ts'
import { SignupClosedReasonEnum } from './signup-closed-reason.ts'

export const ApplicationFormRef = builder.objectRef<ApplicationForm>('ApplicationForm').implement({
  description: 'What a member needs to apply for one type of an event.',
  fields: (t) => ({
    event: t.field({ type: EventRef, resolve: (f) => f.event }),
    applicationType: t.exposeString('type'),
    label: t.string({ resolve: (f) => f.config.label }),
    auditionRequired: t.boolean({ resolve: (f) => f.config.auditionRequired }),
    questions: t.field({ type: [FormQuestionRef], resolve: (f) => f.config.questions }),
    closedReason: t.expose('closedReason', {
      type: SignupClosedReasonEnum,
      nullable: true,
      description: 'Why members cannot apply now, or null when open.',
    }),
    closedMessage: t.string({
      nullable: true,
      resolve: (f) => (f.closedReason ? SIGNUP_CLOSED_MESSAGES[f.closedReason] : null),
    }),
    profile: t.field({ type: ProfileEssentialsRef, resolve: (f) => f.profile }),
    draft: t.field({
      type: 'JSON',
      nullable: true,
      description: '{ profile, answers } as last autosaved.',
      resolve: (f) => f.draft,
    }),
    application: t.field({
      type: ApplicationRef,
      nullable: true,
      description: "The member's application of this type, when they have applied.",
      resolve: (f) => f.application,
    }),
  }),
})
