import { eq, inArray, or } from 'drizzle-orm'
import { strToU8, zipSync, type Zippable } from 'fflate'
import { withTx, type RequestContext } from '#server/context.ts'
import {
  accounts,
  applicationDrafts,
  applications,
  calendarFeeds,
  events,
  mailingLists,
  mailingListSubscribers,
  payments,
  profiles,
  roleTerms,
  sessions,
  ticketOrders,
  tickets,
  users,
} from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'

export interface DataExport {
  fileName: string
  zip: Uint8Array
}

async function streamToBuffer(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

/**
 * Everything Stagedoor stores about the signed-in member, as `stagedoor-data.json` in a zip with their
 * attachments (the profile photo) beside it. Read in one transaction so the parts agree. Secrets are
 * left out (password hashes, OAuth tokens, session and feed tokens); diversity answers are not
 * linked to anyone, so there are none to export.
 */
export async function exportMyData(ctx: RequestContext): Promise<DataExport> {
  const viewer = authenticate(ctx.actor)
  const data = await withTx(ctx, async (tx) => {
    const [account] = await tx
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        emailVerified: users.emailVerified,
        roles: users.roles,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, viewer.id))
    const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, viewer.id))
    const apps = await tx
      .select({
        id: applications.id,
        event: events.title,
        eventSlug: events.slug,
        applicationType: applications.applicationType,
        status: applications.status,
        part: applications.part,
        answers: applications.answers,
        submittedAt: applications.submittedAt,
        updatedAt: applications.updatedAt,
      })
      .from(applications)
      .innerJoin(events, eq(events.id, applications.eventId))
      .where(eq(applications.userId, viewer.id))
    const appPayments = apps.length
      ? await tx
          .select({
            applicationId: payments.applicationId,
            lineKey: payments.lineKey,
            amountPence: payments.amountPence,
            method: payments.method,
            reference: payments.reference,
            recordedAt: payments.recordedAt,
          })
          .from(payments)
          .where(
            inArray(
              payments.applicationId,
              apps.map((a) => a.id),
            ),
          )
      : []
    const drafts = await tx
      .select({
        eventId: applicationDrafts.eventId,
        type: applicationDrafts.applicationType,
        data: applicationDrafts.data,
      })
      .from(applicationDrafts)
      .where(eq(applicationDrafts.userId, viewer.id))
    const orders = await tx
      .select({
        id: ticketOrders.id,
        event: events.title,
        buyerName: ticketOrders.buyerName,
        email: ticketOrders.email,
        quantity: ticketOrders.quantity,
        amountPence: ticketOrders.amountPence,
        status: ticketOrders.status,
        reference: ticketOrders.reference,
        createdAt: ticketOrders.createdAt,
      })
      .from(ticketOrders)
      .innerJoin(events, eq(events.id, ticketOrders.eventId))
      .where(eq(ticketOrders.userId, viewer.id))
    const orderTickets = orders.length
      ? await tx
          .select({
            orderId: tickets.orderId,
            attendeeName: tickets.attendeeName,
            status: tickets.status,
            seat: tickets.seat,
            checkedInAt: tickets.checkedInAt,
          })
          .from(tickets)
          .where(
            inArray(
              tickets.orderId,
              orders.map((o) => o.id),
            ),
          )
      : []
    const subscriptions = await tx
      .select({
        list: mailingLists.name,
        email: mailingListSubscribers.email,
        status: mailingListSubscribers.status,
        source: mailingListSubscribers.source,
        createdAt: mailingListSubscribers.createdAt,
        confirmedAt: mailingListSubscribers.confirmedAt,
        unsubscribedAt: mailingListSubscribers.unsubscribedAt,
      })
      .from(mailingListSubscribers)
      .innerJoin(mailingLists, eq(mailingLists.id, mailingListSubscribers.listId))
      .where(or(eq(mailingListSubscribers.userId, viewer.id), eq(mailingListSubscribers.email, viewer.email)))
    const terms = await tx
      .select({ role: roleTerms.role, startsAt: roleTerms.startsAt, endsAt: roleTerms.endsAt })
      .from(roleTerms)
      .where(eq(roleTerms.userId, viewer.id))
    const signIn = await tx
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, viewer.id))
    const activeSessions = await tx
      .select({
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.updatedAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, viewer.id))
    const [feed] = await tx
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, viewer.id))
    const { photoKey, ...profileFields } = profile ?? { photoKey: null }
    return {
      exportedAt: ctx.now().toISOString(),
      account,
      profile: profile
        ? { ...profileFields, photo: photoKey ? 'attachments/profile-photo.webp' : null }
        : null,
      applications: apps.map((a) => ({
        ...a,
        payments: appPayments.filter((p) => p.applicationId === a.id),
      })),
      applicationDrafts: drafts,
      ticketOrders: orders.map((o) => ({ ...o, tickets: orderTickets.filter((t) => t.orderId === o.id) })),
      mailingListSubscriptions: subscriptions,
      roles: { current: account?.roles ?? [], terms },
      signInMethods: signIn,
      sessions: activeSessions,
      calendarFeed: feed ? { createdAt: feed.createdAt } : null,
      diversityAnswers: 'Not linked to you: the survey is stored without your name or application.',
      photoKey,
    }
  })
  const { photoKey, ...json } = data
  const files: Zippable = { 'stagedoor-data.json': strToU8(JSON.stringify(json, null, 2)) }
  if (photoKey) {
    const stored = await ctx.services.storage.get(photoKey).catch(() => null)
    if (stored) files['attachments/profile-photo.webp'] = await streamToBuffer(stored.body)
  }
  const day = ctx.now().toISOString().slice(0, 10)
  return { fileName: `stagedoor-data-${day}.zip`, zip: zipSync(files, { level: 6 }) }
}
