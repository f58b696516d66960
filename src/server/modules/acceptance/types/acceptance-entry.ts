import { allowedActions } from '#core/applications/status.ts'
import { amountsOwed, paymentReference } from '#core/applications/payments.ts'
import { answeredVoicePart } from '#core/applications/voice-part.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { builder } from '#server/graphql/builder.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { questionsOf } from '#server/modules/applications/application-types.ts'
import { ApplicationRef } from '#server/modules/applications/types/application.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { PaymentLedgerLineRef } from '#server/modules/payments/types/payment-ledger-line.ts'
import { RecordedPaymentRef } from '#server/modules/payments/types/recorded-payment.ts'
import type { AcceptanceEntry } from '../acceptance.queries.ts'

export const AcceptanceEntryRef = builder.objectRef<AcceptanceEntry>('AcceptanceEntry').implement({
  description: 'An application as the acceptance page shows it.',
  fields: (t) => ({
    id: t.id({ resolve: (e) => e.application.id }),
    application: t.field({ type: ApplicationRef, resolve: (e) => e.application }),
    slug: t.string({ resolve: (e) => e.application.slug }),
    applicationType: t.string({ resolve: (e) => e.application.applicationType }),
    status: t.field({ type: ApplicationStatusEnum, resolve: (e) => e.application.status }),
    version: t.int({ resolve: (e) => e.application.version }),
    statusChangedAt: t.field({ type: 'DateTime', resolve: (e) => e.application.statusChangedAt }),
    submittedAt: t.field({ type: 'DateTime', resolve: (e) => e.application.submittedAt }),
    offerExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (e) => e.application.offerExpiresAt,
    }),
    part: t.string({ nullable: true, resolve: (e) => e.application.part }),
    applicantName: t.string({ resolve: (e) => e.applicant.name }),
    applicantEmail: t.string({ resolve: (e) => e.applicant.email }),
    voicePart: t.string({
      nullable: true,
      description: 'The voice part answered on the application, else the profile’s.',
      resolve: async (e, _args, ctx) => {
        const event = await EventRef.getDataloader(ctx).load(e.application.eventId)
        const questions = questionsOf(event, e.application.applicationType)
        return answeredVoicePart(questions, e.application.answers, e.applicant.voicePart ?? null)
      },
    }),
    averageScore: t.float({
      nullable: true,
      description: 'The reviewers’ average score (1–5), null when nobody has scored it.',
      resolve: (e) => e.averageScore ?? null,
    }),
    owedPence: t.int({
      description: 'The total of the type’s payment lines, once owed (CONFIRMED or PAID; else 0).',
      resolve: (e) => amountsOwed(e.application.status, e.ledger).owedPence,
    }),
    outstandingPence: t.int({
      resolve: (e) => amountsOwed(e.application.status, e.ledger).outstandingPence,
    }),
    paymentReference: t.string({
      description: 'The reference members quote when paying (for matching bank transfers).',
      resolve: async (e, _args, ctx) =>
        paymentReference(e.application.id, (await societySettingsOf(ctx.services)).bank.referenceFormat),
    }),
    ledger: t.field({
      type: [PaymentLedgerLineRef],
      description:
        'Per payment line (query one application with acceptanceApplication: lists in lists cost too much).',
      resolve: (e) => e.ledger,
    }),
    payments: t.field({ type: [RecordedPaymentRef], resolve: (e) => e.payments }),
    canRecordPayment: t.boolean({
      resolve: (e, _args, ctx) =>
        allowedActions(
          ctx.actor,
          { userId: e.application.userId, status: e.application.status, event: { signupDeadline: null } },
          ctx.now(),
        ).recordPayment,
    }),
  }),
})
