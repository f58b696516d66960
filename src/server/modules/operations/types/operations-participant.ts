import type { ParticipantRow } from '#core/operations/participants.ts'
import { builder } from '#server/graphql/builder.ts'
import { OwedLineRef } from '#server/modules/payments/types/owed-line.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'

export const OperationsParticipantRef = builder.objectRef<ParticipantRow>('OperationsParticipant').implement({
  description: 'One line of the operations table: an application with its member, needs and money.',
  fields: (t) => ({
    id: t.exposeID('applicationId'),
    userId: t.exposeString('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    applicationType: t.exposeString('applicationType'),
    typeLabel: t.exposeString('typeLabel'),
    part: t.exposeString('part', { nullable: true }),
    status: t.field({ type: ApplicationStatusEnum, resolve: (r) => r.status }),
    owedPence: t.exposeInt('owedPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
    overdue: t.exposeBoolean('overdue', { description: 'Something is outstanding past its due date.' }),
    dietary: t.exposeString('dietary'),
    access: t.exposeString('access'),
    ledger: t.field({ type: [OwedLineRef], resolve: (r) => r.ledger }),
  }),
})
