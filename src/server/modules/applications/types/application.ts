import { allowedActions } from '#core/applications/status.ts'
import { amountsOwed, nextDueDate, owesPayment, paymentReference } from '#core/applications/payments.ts'
import { paymentInstructions } from '#core/applications/payment-instructions.ts'
import { can } from '#core/auth/policies.ts'
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { builder } from '#server/graphql/builder.ts'
import type { GraphQLContext } from '#server/graphql/context.ts'
import { pageSize } from '#server/graphql/limits.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { ledgerOf, paymentsOf } from '#server/modules/payments/payments.queries.ts'
import { OwedLineRef } from '#server/modules/payments/types/owed-line.ts'
import { PaymentInstructionsRef } from '#server/modules/payments/types/payment-instructions.ts'
import { RecordedPaymentRef } from '#server/modules/payments/types/recorded-payment.ts'
import { diversityAnswered } from '../applications.queries.ts'
import type { ApplicationRow } from '../update-application.ts'
import { ApplicationStatusEnum } from './application-status.ts'
import { ViewerCanRef } from './viewer-can.ts'

const eventOf = (a: ApplicationRow, ctx: GraphQLContext) => EventRef.getDataloader(ctx).load(a.eventId)

/** The type's payment lines with what has been paid: `owed` and `outstandingPence` of a list share one query. */
async function owedOf(a: ApplicationRow, ctx: GraphQLContext) {
  const [event, paid] = await Promise.all([eventOf(a, ctx), paymentsOf(ctx, a.id)])
  return ledgerOf({ eventConfig: parseEventConfig(event.eventConfig) }, a, paid)
}

/**
 * An application as its applicant (and committee members) see it. Staff-only fields (applicant,
 * reviews, history) are added in one place: `casting/types/application-staff-fields.ts`.
 */
export const ApplicationRef = builder.objectRef<ApplicationRow>('Application').implement({
  description: 'An application to an event, seen by its applicant (or a committee member).',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    applicationType: t.exposeString('applicationType'),
    applicationTypeLabel: t.string({
      resolve: async (a, _args, ctx) =>
        parseEventConfig((await eventOf(a, ctx)).eventConfig).applicationTypes[a.applicationType]?.label ??
        a.applicationType,
    }),
    status: t.field({ type: ApplicationStatusEnum, resolve: (a) => a.status }),
    answers: t.field({ type: 'JSON', resolve: (a) => a.answers }),
    part: t.exposeString('part', { nullable: true }),
    offerExpiresAt: t.expose('offerExpiresAt', { type: 'DateTime', nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    version: t.exposeInt('version'),
    event: t.field({ type: EventRef, resolve: (a) => a.eventId }),
    viewerCan: t.field({
      type: ViewerCanRef,
      resolve: async (a, _args, ctx) =>
        allowedActions(ctx.actor, { ...a, event: await eventOf(a, ctx) }, ctx.now()),
    }),
    owed: t.field({
      type: [OwedLineRef],
      description:
        'The payment lines of this type with paid and outstanding amounts (a type has at most 20; pass a literal limit so the query is costed by it).',
      args: { limit: t.arg.int({ required: false, defaultValue: 20 }) },
      resolve: async (a, args, ctx) => (await owedOf(a, ctx)).slice(0, pageSize(args.limit, { max: 20 })),
    }),
    outstandingPence: t.int({
      description: 'What is left to pay: 0 unless the place is CONFIRMED or PAID (core owesPayment).',
      resolve: async (a, _args, ctx) => amountsOwed(a.status, await owedOf(a, ctx)).outstandingPence,
    }),
    paymentDue: t.string({
      nullable: true,
      description: 'The earliest due date (YYYY-MM-DD) of what is left to pay, when something is owed.',
      resolve: async (a, _args, ctx) => (owesPayment(a.status) ? nextDueDate(await owedOf(a, ctx)) : null),
    }),
    paymentInstructions: t.field({
      type: PaymentInstructionsRef,
      nullable: true,
      description: 'How to pay, with this application’s reference; null while nothing is owed.',
      resolve: async (a, _args, ctx) => {
        if (!owesPayment(a.status)) return null
        const lines = await owedOf(a, ctx)
        if (amountsOwed(a.status, lines).outstandingPence === 0) return null
        const [event, { bank }] = await Promise.all([eventOf(a, ctx), societySettingsOf(ctx.services)])
        const config = parseEventConfig(event.eventConfig)
        return paymentInstructions(config.howToPay, paymentReference(a.id, bank.referenceFormat), bank)
      },
    }),
    diversityAnswered: t.boolean({
      nullable: true,
      description:
        'Whether the diversity survey of this application has been answered: for its applicant only, ' +
        'null for anyone else (admins included), so no list can say who the newest respondent is.',
      // NOTE: beside a report that moves, "answered" next to a name would point at whose answers
      // just arrived (issue 26, finding 10); only the applicant needs it, to be asked once.
      resolve: (a, _args, ctx) => (ctx.actor?.id === a.userId ? diversityAnswered(ctx, a.id) : null),
    }),
    payments: t.field({
      type: [RecordedPaymentRef],
      description: 'Payments recorded against this application (its applicant and admins).',
      resolve: (a, _args, ctx) => {
        if (!ctx.actor || (ctx.actor.id !== a.userId && !can(ctx.actor, 'admin.general'))) return []
        return paymentsOf(ctx, a.id)
      },
    }),
  }),
})
