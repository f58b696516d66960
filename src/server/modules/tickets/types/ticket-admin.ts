import { DOOR_VERDICT, SCAN_LABEL, scanHeadline, scanMoneyLine, type ScanResult } from '#core/tickets/door.ts'
import { builder } from '#server/graphql/builder.ts'
import { MoneyByMethodRef } from '#server/modules/payments/types/money-by-method.ts'
import { DoorVerdictEnum, TicketScanKindEnum } from './ticket-scan-kind.ts'
import type { AllocationView } from '../get-ticket-allocation.ts'
import type { MoneyFigures } from '#core/tickets/order-money.ts'
import type { BallotDemand, TicketStatsView, TypeStats } from '../get-ticket-stats.ts'
import { TicketOrderRef } from './ticket-order.ts'
import { BallotRequestRef, TicketTypeRef } from './ticket-type.ts'

export const ScanResultRef = builder.objectRef<ScanResult>('TicketScan').implement({
  description: 'What the door sees for a scanned code.',
  fields: (t) => ({
    kind: t.expose('kind', { type: TicketScanKindEnum }),
    verdict: t.field({ type: DoorVerdictEnum, resolve: (r) => DOOR_VERDICT[r.kind] }),
    label: t.string({ resolve: (r) => SCAN_LABEL[r.kind] }),
    headline: t.string({
      description: 'The big line at the door: "Collect £12.00", "Valid: let them in", "Already used".',
      resolve: (r) => scanHeadline({ kind: r.kind, collectPence: r.kind === 'COLLECT' ? r.collectPence : 0 }),
    }),
    moneyLine: t.string({
      nullable: true,
      description:
        "What to take for this ticket (and the order's own figure when it owes more), or what was taken.",
      resolve: (r) => scanMoneyLine(r),
    }),
    at: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (r) => (r.kind === 'ALREADY_USED' ? r.at : null),
    }),
    attendeeName: t.string({ nullable: true, resolve: (r) => ('attendeeName' in r ? r.attendeeName : null) }),
    typeName: t.string({ nullable: true, resolve: (r) => ('typeName' in r ? r.typeName : null) }),
    collectPence: t.int({
      nullable: true,
      description: 'What the door collects for this ticket: its own price, at most what the order owes.',
      resolve: (r) => (r.kind === 'COLLECT' ? r.collectPence : null),
    }),
    orderOwedPence: t.int({
      nullable: true,
      description: "What the ticket's whole order still owes (COLLECT only).",
      resolve: (r) => (r.kind === 'COLLECT' ? r.orderOwedPence : null),
    }),
    paidPence: t.int({
      nullable: true,
      description: 'Taken at the door for this ticket just now ("Paid at the door").',
      resolve: (r) => (r.kind === 'VALID' ? (r.paidPence ?? null) : null),
    }),
    seat: t.string({
      nullable: true,
      description: 'The seat or table when assigned: "Table 3", "Seat A12".',
      resolve: (r) => (r.kind === 'VALID' || r.kind === 'COLLECT' ? (r.seat ?? null) : null),
    }),
  }),
})

const AllocationRequestRef = builder
  .objectRef<AllocationView['requests'][number]>('TicketAllocationRequest')
  .implement({
    fields: (t) => ({
      ticketTypeId: t.exposeID('ticketTypeId'),
      request: t.field({ type: BallotRequestRef, resolve: (v) => v }),
    }),
  })

export const TicketAllocationRef = builder.objectRef<AllocationView>('TicketAllocation').implement({
  description: 'Ticket Allocation: types, ballot requests and groups, the draw, the orders.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    capacity: t.exposeInt('capacity'),
    capacityLeft: t.exposeInt('capacityLeft'),
    published: t.exposeBoolean('published'),
    types: t.field({ type: [TicketTypeRef], resolve: (v) => v.types }),
    requests: t.field({ type: [AllocationRequestRef], resolve: (v) => v.requests }),
    orders: t.field({ type: [TicketOrderRef], resolve: (v) => v.orders }),
  }),
})

const MoneyFiguresRef = builder.objectRef<MoneyFigures>('TicketMoney').implement({
  description:
    'Sold, paid and outstanding, apart (pence): the value of tickets issued, what was paid net of refunds, what is still owed.',
  fields: (t) => ({
    soldPence: t.exposeInt('soldPence'),
    paidPence: t.exposeInt('paidPence'),
    outstandingPence: t.exposeInt('outstandingPence'),
  }),
})

const TypeStatsRef = builder.objectRef<TypeStats>('TicketTypeStats').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    quota: t.exposeInt('quota'),
    sold: t.exposeInt('sold', { description: 'Tickets issued: in orders paid or still to pay.' }),
    held: t.exposeInt('held', {
      description: 'Tickets held for checkouts and waitlist offers not yet confirmed.',
    }),
    checkedIn: t.exposeInt('checkedIn'),
    money: t.field({ type: MoneyFiguresRef, resolve: (s) => s }),
    revenuePence: t.int({
      deprecationReason: 'Use money.paidPence (sold, paid and outstanding are separate figures).',
      resolve: (s) => s.paidPence,
    }),
  }),
})

const SalesDayRef = builder.objectRef<TicketStatsView['salesByDay'][number]>('TicketSalesDay').implement({
  fields: (t) => ({
    day: t.exposeString('day'),
    tickets: t.exposeInt('tickets'),
    cumulative: t.exposeInt('cumulative'),
  }),
})

const BallotDemandRef = builder.objectRef<BallotDemand>('BallotDemand').implement({
  fields: (t) => ({
    typeName: t.exposeString('typeName'),
    supply: t.exposeInt('supply'),
    requested: t.exposeInt('requested'),
    participants: t.exposeString('participants', { description: 'Protected: "<5" for small counts.' }),
    others: t.exposeString('others'),
  }),
})

export const TicketStatsRef = builder.objectRef<TicketStatsView>('TicketStats').implement({
  description:
    'Ticket Stats: tickets sold, held and checked in, and money sold, paid and outstanding, per type and in total; sales over time; ballot demand.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    types: t.field({ type: [TypeStatsRef], resolve: (v) => v.types }),
    total: t.field({ type: MoneyFiguresRef, resolve: (v) => v.total }),
    byMethod: t.field({
      type: MoneyByMethodRef,
      description: 'Received, refunded and net per payment method; net in all is total.paidPence.',
      resolve: (v) => v.byMethod,
    }),
    salesByDay: t.field({ type: [SalesDayRef], resolve: (v) => v.salesByDay }),
    ballots: t.field({ type: [BallotDemandRef], resolve: (v) => v.ballots }),
    orders: t.field({ type: [TicketOrderRef], resolve: (v) => v.orders }),
  }),
})
