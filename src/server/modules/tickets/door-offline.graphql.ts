import { builder } from '#server/graphql/builder.ts'
import { doorList, syncCheckIns, type SyncedScan } from './door-offline.ts'
import { ScanResultRef } from './types/ticket-admin.ts'

// Offline check-in (decision 0022): the door's hashed list, and the sync of scans made offline.

const DoorEntryRef = builder
  .objectRef<Awaited<ReturnType<typeof doorList>>['entries'][number]>('DoorListEntry')
  .implement({
    fields: (t) => ({
      hash: t.exposeString('hash', { description: 'Hex SHA-256 of the ticket code.' }),
      attendeeName: t.exposeString('attendeeName'),
      typeName: t.exposeString('typeName'),
      checkedInAt: t.exposeString('checkedInAt', { nullable: true }),
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
  }),
})

builder.queryFields((t) => ({
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
