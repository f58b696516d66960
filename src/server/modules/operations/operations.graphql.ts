import { z } from 'zod'
import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import {
  OPERATIONS_TAB_KEYS,
  PARTICIPANT_SORT_KEYS,
  type OperationsTab,
} from '#core/operations/participants.ts'
import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { attendanceRegister, markAttendance, memberAttendance, myRehearsals } from './attendance.ts'
import { previewChase, sendChase } from './chase-outstanding.ts'
import { previewMessage, sendMessage, type MessageInput } from './message-participants.ts'
import { exportParticipantsCsv, operationsOverview } from './operations.queries.ts'
import { AttendanceEntryRef, RegisterRef, ScheduleDateRef } from './types/attendance.ts'
import { AttendanceMarkEnum } from './types/attendance-mark.ts'
import { OperationsTabEnum, ParticipantSortKeyEnum } from './types/operations-tab.ts'
import { EventRef } from '#server/modules/events/types/event.ts'
import { ChasePreviewRef, ChaseRecipientRef } from './types/chase.ts'
import { MessagePreviewRef, MessageRecipientRef } from './types/message.ts'
import { NeedToKnowRef } from './types/need-to-know.ts'
import { OperationsOverviewRef } from './types/operations-overview.ts'
import { viewNeedToKnow } from './view-need-to-know.ts'

const csvFilterSchema = z.object({
  tab: z.enum(OPERATIONS_TAB_KEYS),
  status: z.enum(APPLICATION_STATUSES).nullish(),
  part: z.string().max(80).nullish(),
  type: z.string().max(40).nullish(),
  search: z.string().max(200).nullish(),
  sort: z.enum(PARTICIPANT_SORT_KEYS).nullish(),
  descending: z.boolean().nullish(),
})

const MessageFilterInput = builder.inputType('ParticipantFilterInput', {
  description: 'The participants table’s filter (as the CSV export takes it).',
  fields: (t) => ({
    tab: t.field({ type: OperationsTabEnum, required: true }),
    status: t.field({ type: ApplicationStatusEnum }),
    part: t.string(),
    type: t.string(),
    search: t.string(),
  }),
})

function messageInput(args: {
  subject: string
  body: string
  filter: {
    tab: OperationsTab
    status?: ApplicationStatus | null
    part?: string | null
    type?: string | null
    search?: string | null
  }
}): MessageInput {
  const parsed = csvFilterSchema.safeParse(args.filter)
  if (!parsed.success) throw validationError(parsed.error.issues)
  return { subject: args.subject, body: args.body, filter: parsed.data }
}

builder.queryFields((t) => ({
  operationsOverview: t.field({
    type: OperationsOverviewRef,
    description: 'An event’s participants and money (admins).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => operationsOverview(ctx, args.eventSlug),
  }),
  operationsCsv: t.string({
    description: 'The participants the filter shows, as CSV with the table’s columns (admins).',
    args: {
      eventSlug: t.arg.string({ required: true }),
      tab: t.arg({ type: OperationsTabEnum, required: true }),
      status: t.arg({ type: ApplicationStatusEnum }),
      part: t.arg.string(),
      type: t.arg.string(),
      search: t.arg.string(),
      sort: t.arg({ type: ParticipantSortKeyEnum }),
      descending: t.arg.boolean(),
    },
    resolve: (_r, { eventSlug, ...filter }, ctx) => {
      const parsed = csvFilterSchema.safeParse(filter)
      if (!parsed.success) throw validationError(parsed.error.issues)
      return exportParticipantsCsv(ctx, eventSlug, parsed.data)
    },
  }),
  needToKnow: t.field({
    type: NeedToKnowRef,
    description: 'Emergency contacts and needs: admins of the event’s area only; every view audited.',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => viewNeedToKnow(ctx, args.eventSlug),
  }),
  attendanceRegister: t.field({
    type: RegisterRef,
    args: { eventSlug: t.arg.string({ required: true }), date: t.arg.string() },
    resolve: (_r, args, ctx) => attendanceRegister(ctx, args.eventSlug, args.date ?? null),
  }),
  memberAttendance: t.field({
    type: [AttendanceEntryRef],
    description: 'A member’s attendance over every event, newest first (admins).',
    args: { userId: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => memberAttendance(ctx, args.userId),
  }),
  chasePreview: t.field({
    type: ChasePreviewRef,
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => previewChase(ctx, args.eventSlug),
  }),
  messagePreview: t.field({
    type: MessagePreviewRef,
    description: 'Who a message to the filtered participants goes to, and the email as rendered.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      filter: t.arg({ type: MessageFilterInput, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_r, { eventSlug, ...args }, ctx) => previewMessage(ctx, eventSlug, messageInput(args)),
  }),
}))

builder.mutationFields((t) => ({
  markAttendance: t.field({
    type: AttendanceMarkEnum,
    nullable: true,
    description: 'Mark a member PRESENT, APOLOGIES or ABSENT on one of the event’s dates; returns the mark.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      date: t.arg.string({ required: true }),
      userId: t.arg.string({ required: true }),
      mark: t.arg({ type: AttendanceMarkEnum, required: true }),
    },
    resolve: (_r, args, ctx) => markAttendance(ctx, args),
  }),
  sendChase: t.field({
    type: [ChaseRecipientRef],
    description: 'Email a payment reminder to everyone with something outstanding (once a day each).',
    args: { eventSlug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => sendChase(ctx, args.eventSlug),
  }),
  sendParticipantMessage: t.field({
    type: [MessageRecipientRef],
    description: 'Email everyone the filter shows from a template, recorded on each member’s record.',
    args: {
      eventSlug: t.arg.string({ required: true }),
      filter: t.arg({ type: MessageFilterInput, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_r, { eventSlug, ...args }, ctx) => sendMessage(ctx, eventSlug, messageInput(args)),
  }),
}))

builder.objectField(EventRef, 'myRehearsals', (t) =>
  t.field({
    type: [ScheduleDateRef],
    description:
      "The event's rehearsal dates, soonest first, for a viewer who holds a place in it (CONFIRMED or PAID); empty for everyone else.",
    resolve: (event, _args, ctx) => myRehearsals(ctx, event),
  }),
)
