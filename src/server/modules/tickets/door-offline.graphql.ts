import { builder } from '#server/graphql/builder.ts'
import { doorList, syncCheckIns, type SyncedScan } from './door-offline.ts'
import { doorSummary, type DoorMatch, type DoorSummary } from './door-summary.ts'
import { TicketStatusEnum } from './types/ticket-status.ts'
import { ScanResultRef } from './types/ticket-admin.ts'
import { DoorPaymentMethodEnum } from './types/ticket-scan-kind.ts'

// Offline check-in (decision 0022): the door's hashed list, and the sync of scans made offline.

const DoorEntryRef = builder
  .objectRef<Awaited<ReturnType<typeof doorList>>['entries'][number]>('DoorListEntry')
  .implement({
    fields: (t) => ({
      hash: t.exposeString('hash', { description: 'Hex SHA-256 of the ticket code.' }),
      attendeeName: t.exposeString('attendeeName'),
      typeName: t.exposeString('typeName'),
      checkedInAt: t.exposeString('checkedInAt', { nullable: true }),
      collectPence: t.exposeInt('collectPence', {
        description: 'What the door collects for it (0: paid); its own price, at most what its order owed.',
      }),
    }),
  })

const DoorListRef = builder.objectRef<Awaited<ReturnType<typeof doorList>>>('DoorList').implement({
  description: "An event's tickets for checking in offline: hashes of the codes, never the codes.",
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    downloadedAt: t.expose('downloadedAt', { type: 'DateTime' }),
    entries: t.field({ type: [DoorEntryRef], resolve: (l) => l.entries }),
  }),
})

const SyncedScanRef = builder.objectRef<SyncedScan>('SyncedScan').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    at: t.expose('at', { type: 'DateTime' }),
    payment: t.expose('payment', { type: DoorPaymentMethodEnum, nullable: true }),
    conflict: t.exposeBoolean('conflict', {
      description: 'Let in offline, but the server says it was used or is not valid (a double scan).',
    }),
    result: t.field({ type: ScanResultRef, resolve: (s) => s.result }),
  }),
})

const OfflineScanInput = builder.inputType('OfflineScanInput', {
  fields: (t) => ({
    code: t.string({ required: true }),
    at: t.string({ required: true, description: 'ISO time of the scan at the door.' }),
    payment: t.field({
      type: DoorPaymentMethodEnum,
      required: false,
      description: 'Money taken for it at the door ("Paid at the door"), recorded when it syncs.',
    }),
  }),
})

const DoorMatchRef = builder.objectRef<DoorMatch>('DoorMatch').implement({
  description: 'A ticket found at the door by name, for someone without their phone.',
  fields: (t) => ({
    ticketId: t.exposeID('ticketId'),
    attendeeName: t.exposeString('attendeeName'),
    buyerName: t.exposeString('buyerName'),
    typeName: t.exposeString('typeName'),
    status: t.expose('status', { type: TicketStatusEnum }),
    checkedInAt: t.expose('checkedInAt', { type: 'DateTime', nullable: true }),
    collectPence: t.exposeInt('collectPence', { description: 'What the door collects for it (0: paid).' }),
  }),
})

const DoorSummaryRef = builder.objectRef<DoorSummary>('DoorSummary').implement({
  description: 'The door: the event, how many are in of how many, and a search by name.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    checkedIn: t.exposeInt('checkedIn'),
    total: t.exposeInt('total'),
    matches: t.field({ type: [DoorMatchRef], resolve: (s) => s.matches }),
  }),
})

builder.queryFields((t) => ({
  doorSummary: t.field({
    type: DoorSummaryRef,
    description: "The door's header and name search (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }), name: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) => doorSummary(ctx, args),
  }),
  doorList: t.field({
    type: DoorListRef,
    description: "The event's ticket list for offline check-in (superAdmin, ticketAdmin).",
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => doorList(ctx, args),
  }),
}))

builder.mutationFields((t) => ({
  syncCheckIns: t.field({
    type: [SyncedScanRef],
    description:
      'Check in the scans a door made offline, with their times; double scans come back as conflicts.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      scans: t.arg({ type: [OfflineScanInput], required: true }),
    },
    resolve: (_root, args, ctx) => syncCheckIns(ctx, args),
  }),
}))
