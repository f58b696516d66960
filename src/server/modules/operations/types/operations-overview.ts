import { builder } from '#server/graphql/builder.ts'
import { EventTypeEnum } from '#server/modules/events/types/event-type.ts'
import { MoneyByMethodRef } from '#server/modules/payments/types/money-by-method.ts'
import type { OperationsOverview } from '../operations.queries.ts'
import { OperationsLineTotalsRef, OperationsTypeTotalsRef } from './operations-money.ts'
import { OperationsParticipantRef } from './operations-participant.ts'

export const OperationsOverviewRef = builder.objectRef<OperationsOverview>('OperationsOverview').implement({
  description: 'An event’s participants (confirmed, paid, offered, waitlisted) and its money.',
  fields: (t) => ({
    eventSlug: t.string({ resolve: (o) => o.event.slug }),
    eventTitle: t.string({ resolve: (o) => o.event.title }),
    eventType: t.field({ type: EventTypeEnum, resolve: (o) => o.event.type }),
    endDate: t.field({ type: 'DateTime', resolve: (o) => o.event.endDate }),
    types: t.field({
      type: [OperationsTypeOptionRef],
      resolve: (o) =>
        Object.entries(o.event.eventConfig.applicationTypes ?? {}).map(([key, c]) => ({
          key,
          label: c.label,
        })),
    }),
    parts: t.stringList({ resolve: (o) => o.event.eventConfig.parts ?? [] }),
    participants: t.field({ type: [OperationsParticipantRef], resolve: (o) => o.rows }),
    moneyByType: t.field({ type: [OperationsTypeTotalsRef], resolve: (o) => o.byType }),
    moneyByLine: t.field({ type: [OperationsLineTotalsRef], resolve: (o) => o.byLine }),
    moneyByMethod: t.field({
      type: MoneyByMethodRef,
      description:
        'Received, refunded and net per payment method over all the event’s applications (withdrawn ones too).',
      resolve: (o) => o.byMethod,
    }),
  }),
})

const OperationsTypeOptionRef = builder
  .objectRef<{ key: string; label: string }>('OperationsTypeOption')
  .implement({
    fields: (t) => ({ key: t.exposeString('key'), label: t.exposeString('label') }),
  })
