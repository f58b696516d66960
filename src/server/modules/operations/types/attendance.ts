import type { ScheduleDate } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { ScheduleKindEnum } from '#server/modules/events/types/schedule-kind.ts'
import { AttendanceMarkEnum } from './attendance-mark.ts'
import type { AttendanceEntry, Register, RegisterLine } from '../attendance.ts'

export const ScheduleDateRef = builder.objectRef<ScheduleDate>('ScheduleDate').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    kind: t.expose('kind', { type: ScheduleKindEnum }),
    label: t.exposeString('label'),
  }),
})

const RegisterLineRef = builder.objectRef<RegisterLine>('RegisterLine').implement({
  fields: (t) => ({
    userId: t.exposeString('userId'),
    name: t.exposeString('name'),
    typeLabel: t.exposeString('typeLabel'),
    part: t.exposeString('part', { nullable: true }),
    mark: t.expose('mark', { type: AttendanceMarkEnum, nullable: true }),
  }),
})

export const RegisterRef = builder.objectRef<Register>('AttendanceRegister').implement({
  description: 'An event’s schedule and, for a chosen date, who is present, sent apologies or is absent.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    dates: t.field({ type: [ScheduleDateRef], resolve: (r) => r.dates }),
    date: t.field({ type: ScheduleDateRef, nullable: true, resolve: (r) => r.date }),
    lines: t.field({ type: [RegisterLineRef], resolve: (r) => r.lines }),
  }),
})

export const AttendanceEntryRef = builder.objectRef<AttendanceEntry>('AttendanceEntry').implement({
  description: 'A member’s mark on one date of an event.',
  fields: (t) => ({
    eventSlug: t.exposeString('eventSlug'),
    eventTitle: t.exposeString('eventTitle'),
    date: t.exposeString('date'),
    kind: t.expose('kind', { type: ScheduleKindEnum }),
    label: t.exposeString('label'),
    mark: t.expose('mark', { type: AttendanceMarkEnum }),
  }),
})
