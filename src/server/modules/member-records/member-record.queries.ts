import { asc, desc, eq, inArray, or } from 'drizzle-orm'
import type { ApplicationStatus } from '#core/applications/status.ts'
import type { SubscriberStatus } from '#core/mailing-lists/mailing-list.ts'
import type { OrderStatus } from '#core/tickets/tickets.ts'
import type { RequestContext } from '#server/context.ts'
import {
  applications,
  auditLog,
  events,
  mailingLists,
  mailingListSubscribers,
  payments,
  profiles,
  roleTerms,
  ticketOrders,
} from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'
import { findMember, type MemberRecordRow } from './member-records.queries.ts'

type ProfileRow = typeof profiles.$inferSelect
type PaymentRow = typeof payments.$inferSelect

export interface RecordApplication {
  id: string
  eventTitle: string
  eventSlug: string
  applicationType: string
  status: ApplicationStatus
  submittedAt: Date
  payments: PaymentRow[]
}

export interface RecordTicketOrder {
  id: string
  eventTitle: string
  quantity: number
  amountPence: number
  status: OrderStatus
  reference: string
  createdAt: Date
}

export interface RecordSubscription {
  id: string
  listName: string
  listSlug: string
  status: SubscriberStatus
  email: string
  createdAt: Date
}

export type RecordAuditEntry = typeof auditLog.$inferSelect
export type RecordRoleTerm = typeof roleTerms.$inferSelect

export interface MemberRecordDetail {
  member: MemberRecordRow
  profile: ProfileRow | null
  applications: RecordApplication[]
  ticketOrders: RecordTicketOrder[]
  subscriptions: RecordSubscription[]
  roleTerms: RecordRoleTerm[]
  audit: RecordAuditEntry[]
}

/** How many audit entries the record shows (newest first). */
export const RECORD_AUDIT_ENTRIES = 25

/**
 * Everything the society holds about one member, for their record: profile, every application with
 * its payments, ticket orders, mailing-list subscriptions (by account or address), role terms and the
 * latest audit entries about them or their applications. A handful of queries, none per row.
 */
export async function getMemberRecord(ctx: RequestContext, slug: string): Promise<MemberRecordDetail> {
  authorize(ctx.actor, 'admin.profiles')
  const { db } = ctx.services
  const member = await findMember(db, slug)
  const [profile, apps, orders, subscriptions, terms] = await Promise.all([
    db.query.profiles.findFirst({ where: eq(profiles.userId, member.userId) }),
    db
      .select({
        id: applications.id,
        eventTitle: events.title,
        eventSlug: events.slug,
        applicationType: applications.applicationType,
        status: applications.status,
        submittedAt: applications.submittedAt,
      })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(eq(applications.userId, member.userId))
      .orderBy(desc(events.startDate), asc(applications.applicationType)),
    db
      .select({
        id: ticketOrders.id,
        eventTitle: events.title,
        quantity: ticketOrders.quantity,
        amountPence: ticketOrders.amountPence,
        status: ticketOrders.status,
        reference: ticketOrders.reference,
        createdAt: ticketOrders.createdAt,
      })
      .from(ticketOrders)
      .innerJoin(events, eq(events.id, ticketOrders.eventId))
      .where(eq(ticketOrders.userId, member.userId))
      .orderBy(desc(ticketOrders.createdAt)),
    db
      .select({
        id: mailingListSubscribers.id,
        listName: mailingLists.name,
        listSlug: mailingLists.slug,
        status: mailingListSubscribers.status,
        email: mailingListSubscribers.email,
        createdAt: mailingListSubscribers.createdAt,
      })
      .from(mailingListSubscribers)
      .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
      .where(
        or(
          eq(mailingListSubscribers.userId, member.userId),
          eq(mailingListSubscribers.email, member.email.toLowerCase()),
        ),
      )
      .orderBy(asc(mailingLists.name)),
    db.select().from(roleTerms).where(eq(roleTerms.userId, member.userId)).orderBy(asc(roleTerms.role)),
  ])
  const appIds = apps.map((a) => a.id)
  const [paid, audit] = await Promise.all([
    appIds.length
      ? db
          .select()
          .from(payments)
          .where(inArray(payments.applicationId, appIds))
          .orderBy(asc(payments.recordedAt))
      : Promise.resolve([]),
    db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [member.userId, ...appIds]))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(RECORD_AUDIT_ENTRIES),
  ])
  return {
    member,
    profile: profile ?? null,
    applications: apps.map((a) => ({ ...a, payments: paid.filter((p) => p.applicationId === a.id) })),
    ticketOrders: orders,
    subscriptions,
    roleTerms: terms,
    audit,
  }
}
