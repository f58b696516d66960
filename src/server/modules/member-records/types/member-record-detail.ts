import { AuditActionEnum, AuditEntityTypeEnum } from '#server/audit/types/audit-action.ts'
import { builder } from '#server/graphql/builder.ts'
import { ApplicationStatusEnum } from '#server/modules/applications/types/application-status.ts'
import { SubscriberStatusEnum } from '#server/modules/mailing-lists/types/subscriber-status.ts'
import { PaymentMethodEnum } from '#server/modules/payments/types/payment-method.ts'
import { TicketOrderStatusEnum } from '#server/modules/tickets/types/ticket-order-status.ts'
import { RoleEnum } from '#server/modules/users/types/role.ts'
import type {
  MemberRecordDetail,
  RecordApplication,
  RecordAuditEntry,
  RecordRoleTerm,
  RecordSubscription,
  RecordTicketOrder,
} from '../member-record.queries.ts'
import { RECORD_AUDIT_ENTRIES } from '../member-record.queries.ts'
import { MemberRecordRef } from './member-record.ts'

type PaymentRow = RecordApplication['payments'][number]

const RecordPaymentRef = builder.objectRef<PaymentRow>('RecordPayment').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationId: t.exposeString('applicationId'),
    lineKey: t.exposeString('lineKey'),
    amountPence: t.exposeInt('amountPence'),
    method: t.expose('method', { type: PaymentMethodEnum }),
    recordedAt: t.expose('recordedAt', { type: 'DateTime' }),
  }),
})

const RecordApplicationRef = builder.objectRef<RecordApplication>('RecordApplication').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    eventTitle: t.exposeString('eventTitle'),
    eventSlug: t.exposeString('eventSlug'),
    applicationType: t.exposeString('applicationType'),
    status: t.expose('status', { type: ApplicationStatusEnum }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime' }),
    paidPence: t.int({ resolve: (a) => a.payments.reduce((sum, p) => sum + p.amountPence, 0) }),
  }),
})

const RecordTicketOrderRef = builder.objectRef<RecordTicketOrder>('RecordTicketOrder').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    eventTitle: t.exposeString('eventTitle'),
    quantity: t.exposeInt('quantity'),
    amountPence: t.exposeInt('amountPence'),
    status: t.expose('status', { type: TicketOrderStatusEnum }),
    reference: t.exposeString('reference'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

const RecordSubscriptionRef = builder.objectRef<RecordSubscription>('RecordSubscription').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    listName: t.exposeString('listName'),
    listSlug: t.exposeString('listSlug'),
    status: t.expose('status', { type: SubscriberStatusEnum }),
    email: t.exposeString('email'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

const RecordRoleTermRef = builder.objectRef<RecordRoleTerm>('RecordRoleTerm').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => `${r.userId}:${r.role}` }),
    role: t.expose('role', { type: RoleEnum }),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', nullable: true }),
  }),
})

const RecordAuditEntryRef = builder.objectRef<RecordAuditEntry>('RecordAuditEntry').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.expose('action', { type: AuditActionEnum }),
    entityType: t.expose('entityType', { type: AuditEntityTypeEnum }),
    actorId: t.exposeString('actorId', { nullable: true }),
    before: t.expose('before', { type: 'JSON', nullable: true }),
    after: t.expose('after', { type: 'JSON', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
})

export const MemberRecordDetailRef = builder.objectRef<MemberRecordDetail>('MemberRecordDetail').implement({
  description: 'Everything held about one member, for their record (staff: admin.profiles).',
  fields: (t) => ({
    id: t.id({ resolve: (d) => d.member.userId }),
    member: t.field({ type: MemberRecordRef, resolve: (d) => d.member }),
    pronouns: t.string({ nullable: true, resolve: (d) => d.profile?.pronouns ?? null }),
    phone: t.string({ nullable: true, resolve: (d) => d.profile?.phone ?? null }),
    dietaryRequirements: t.string({ nullable: true, resolve: (d) => d.profile?.dietaryRequirements ?? null }),
    accessNeeds: t.string({ nullable: true, resolve: (d) => d.profile?.accessNeeds ?? null }),
    emergencyContact: t.string({
      nullable: true,
      resolve: (d) => {
        const c = d.profile?.emergencyContact
        return c ? `${c.name} (${c.relationship}), ${c.phone}` : null
      },
    }),
    bio: t.string({ nullable: true, resolve: (d) => d.profile?.bio ?? null }),
    applications: t.field({ type: [RecordApplicationRef], resolve: (d) => d.applications }),
    payments: t.field({
      type: [RecordPaymentRef],
      description: 'Every payment on the member’s applications (by applicationId), oldest first.',
      resolve: (d) => d.applications.flatMap((a) => a.payments),
    }),
    ticketOrders: t.field({ type: [RecordTicketOrderRef], resolve: (d) => d.ticketOrders }),
    subscriptions: t.field({ type: [RecordSubscriptionRef], resolve: (d) => d.subscriptions }),
    roleTerms: t.field({ type: [RecordRoleTermRef], resolve: (d) => d.roleTerms }),
    audit: t.field({
      type: [RecordAuditEntryRef],
      description: 'The latest audit entries about the member or their applications, newest first.',
      args: { limit: t.arg.int({ defaultValue: RECORD_AUDIT_ENTRIES }) },
      resolve: (d, args) =>
        d.audit.slice(0, Math.max(1, Math.min(args.limit ?? RECORD_AUDIT_ENTRIES, RECORD_AUDIT_ENTRIES))),
    }),
  }),
})
