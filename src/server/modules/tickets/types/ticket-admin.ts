import { SCAN_LABEL, type ScanResult } from '#core/tickets/tickets.ts'
import { builder } from '#server/graphql/builder.ts'
import { TicketScanKindEnum } from './ticket-scan-kind.ts'
import type { AllocationView } from '../get-ticket-allocation.ts'
import type { BallotDemand, TicketStatsView, TypeStats } from '../get-ticket-stats.ts'
import { TicketOrderRef } from './ticket-order.ts'
import { BallotRequestRef, TicketTypeRef } from './ticket-type.ts'

export const ScanResultRef = builder.objectRef<ScanResult>('TicketScan').implement({
  description: 'What the door sees for a scanned code.',
  fields: (t) => ({
    kind: t.expose('kind', { type: TicketScanKindEnum }),
    label: t.string({ resolve: (r) => SCAN_LABEL[r.kind] }),
    at: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (r) => (r.kind === 'ALREADY_USED' ? r.at : null),
    }),
    attendeeName: t.string({ nullable: true, resolve: (r) => (r.kind === 'VALID' ? r.attendeeName : null) }),
    typeName: t.string({ nullable: true, resolve: (r) => (r.kind === 'VALID' ? r.typeName : null) }),
    owedPence: t.int({ nullable: true, resolve: (r) => (r.kind === 'VALID' ? r.owedPence : null) }),
    seat: t.string({
      nullable: true,
      description: 'The seat or table when assigned: "Table 3", "Seat A12".',
      resolve: (r) => (r.kind === 'VALID' ? (r.seat ?? null) : null),
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

const TypeStatsRef = builder.objectRef<TypeStats>('TicketTypeStats').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    quota: t.exposeInt('quota'),
    sold: t.exposeInt('sold'),
    held: t.exposeInt('held'),
    checkedIn: t.exposeInt('checkedIn'),
    revenuePence: t.exposeInt('revenuePence'),
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
  description: 'Ticket Stats: sold, held, checked in, revenue per type; sales over time; ballot demand.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    types: t.field({ type: [TypeStatsRef], resolve: (v) => v.types }),
    salesByDay: t.field({ type: [SalesDayRef], resolve: (v) => v.salesByDay }),
    ballots: t.field({ type: [BallotDemandRef], resolve: (v) => v.ballots }),
    orders: t.field({ type: [TicketOrderRef], resolve: (v) => v.orders }),
  }),
})
