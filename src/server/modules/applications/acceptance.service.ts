import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { answersSchema, withoutEmptyAnswers } from '#core/applications/application.schemas.ts'
import { formatPence, isFullyPaid, owedLines, type OwedLine } from '#core/applications/payments.ts'
import {
  APPLICATION_STATUSES,
  PLACE_HOLDING_STATUSES,
  transition,
  type ApplicationAction,
  type ApplicationStatus,
} from '#core/applications/status.ts'
import { AppError, type FieldIssue } from '#core/errors.ts'
import type { ApplicationTypeConfig } from '#core/events/event-config.schemas.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import { applications, emailTemplates, events, payments, profiles, users } from '#server/db/schema/index.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import {
  manualPaymentProvider,
  paymentsByApplication,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentRow,
} from '#server/payments/payment-provider.ts'
import type { Bus } from '#server/realtime/bus.ts'
import {
  authorize,
  eventBySlug,
  isUniqueViolation,
  lockEventById,
  validationError,
} from '#server/modules/shared/guards.ts'
import {
  checkTemplate,
  DEFAULT_TEMPLATES,
  listTemplates,
  loadTemplate,
  renderTemplate,
  type EmailTemplateKey,
} from './email-templates.ts'
import {
  changeStatus,
  emailValues,
  formatInZone,
  lockApplication,
  OFFER_EXPIRY_JOB,
  publishChanges,
  queueStatusEmail,
  STATUS_EMAIL,
  type ApplicationRow,
  type TransitionDeps,
} from './transitions.ts'

export interface AcceptanceServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
  /** Where payments come from; `manual` until an online provider exists. */
  paymentProvider?: PaymentProvider
}

type EventRow = typeof events.$inferSelect

/** What staff decide about applications in bulk, and the status machine's action for each. */
export const DECISION_ACTIONS = ['OFFER', 'WAITLIST', 'REJECT', 'CANCEL'] as const
export type DecisionAction = (typeof DECISION_ACTIONS)[number]
const MACHINE_ACTION: Record<DecisionAction, ApplicationAction> = {
  OFFER: 'offer',
  WAITLIST: 'waitlist',
  REJECT: 'reject',
  CANCEL: 'cancel',
}

export interface ActorContext {
  actor: Viewer | null
  requestId?: string | null
}

export interface Applicant {
  name: string
  email: string
}

export interface AcceptanceEntry {
  application: ApplicationRow
  applicant: Applicant
  ledger: OwedLine[]
  payments: PaymentRow[]
}

export interface TypeSummary {
  key: string
  label: string
  capacity: number | null
  counts: Record<ApplicationStatus, number>
  placesHeld: number
  /** Null when the type has no capacity. */
  placesLeft: number | null
  offerExpiryDays: number
  autoOfferFromWaitlist: boolean
}

export interface DecisionPlanItem {
  application: ApplicationRow
  applicant: Applicant
  currentStatus: ApplicationStatus
  /** Null when refused. */
  resultingStatus: ApplicationStatus | null
  refusal: string | null
  offerExpiresAt: Date | null
  email: { template: EmailTemplateKey; subject: string; text: string } | null
}

const DAY_MS = 86_400_000
const MAX_SUBJECT = 200
const MAX_BODY = 20_000
const MAX_REFERENCE = 200
const MAX_AMOUNT_PENCE = 10_000_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
function requireUuids(ids: readonly string[]): void {
  if (ids.some((id) => !UUID.test(id))) throw new AppError('NOT_FOUND', 'No such application.')
}

const typesOf = (event: EventRow): Record<string, ApplicationTypeConfig> =>
  event.eventConfig.applicationTypes ?? {}
const typeLabel = (event: EventRow, type: string) => typesOf(event)[type]?.label ?? type
const expiryDays = (event: EventRow, type: string) => typesOf(event)[type]?.offerExpiryDays ?? 7

const emptyCounts = () =>
  Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>

/**
 * Admin acceptance (issue 6 items 6 and 7): offers, waitlist, rejections and cancellations one by one
 * or in bulk against each type's capacity, offer expiry and promotion from the waitlist, the email
 * templates staff edit, and payments. Every change is one transaction with its audit entries; see
 * docs/decisions/0015-acceptance-and-payments.md.
 */
export function createAcceptanceService(deps: AcceptanceServiceDeps) {
  const { db, queue, bus, config } = deps
  const provider = deps.paymentProvider ?? manualPaymentProvider
  const transitionDeps: TransitionDeps = {
    mailer: deps.mailer,
    queue,
    appUrl: config.appUrl,
    timeZone: config.timeZone,
  }

  async function applicantsOf(executor: Db, userIds: string[]): Promise<Map<string, Applicant>> {
    if (!userIds.length) return new Map()
    const rows = await executor
      .select({ id: users.id, email: users.email, name: users.name, preferredName: profiles.preferredName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(inArray(users.id, [...new Set(userIds)]))
    return new Map(rows.map((r) => [r.id, { name: r.preferredName || r.name, email: r.email }]))
  }

  const ledgerOf = (event: EventRow, application: ApplicationRow, paid: readonly PaymentRow[]) =>
    owedLines(event.eventConfig.paymentLines?.[application.applicationType] ?? [], paid)

  /** Places held per type (OFFERED + CONFIRMED + PAID). */
  async function heldPlaces(executor: Db, eventId: string): Promise<Map<string, number>> {
    const rows = await executor
      .select({ type: applications.applicationType, n: count() })
      .from(applications)
      .where(
        and(eq(applications.eventId, eventId), inArray(applications.status, [...PLACE_HOLDING_STATUSES])),
      )
      .groupBy(applications.applicationType)
    return new Map(rows.map((r) => [r.type, Number(r.n)]))
  }

  /**
   * Work out, without writing, what a decision would do to each application: the status machine,
   * the expected versions and the capacity, in the order given (a cancellation frees a place for the
   * offers after it).
   */
  async function plan(
    executor: Db,
    event: EventRow,
    ids: readonly string[],
    action: DecisionAction,
    options: {
      offerExpiresAt?: Date | null
      expectedVersions?: readonly number[] | null
      notify: boolean
      now: Date
    },
  ): Promise<DecisionPlanItem[]> {
    requireUuids(ids)
    const unique = [...new Set(ids)]
    if (!unique.length) throw new AppError('VALIDATION', 'Choose at least one application.')
    if (options.expectedVersions && options.expectedVersions.length !== ids.length) {
      throw new AppError('BAD_REQUEST', 'Send one expected version per application.')
    }
    if (options.offerExpiresAt && options.offerExpiresAt.getTime() <= options.now.getTime()) {
      throw new AppError('VALIDATION', 'The offer expiry must be in the future.', {
        fields: [{ path: 'offerExpiresAt', message: 'Choose a time in the future.' }],
      })
    }
    const rows = await executor
      .select()
      .from(applications)
      .where(and(eq(applications.eventId, event.id), inArray(applications.id, unique)))
    const byId = new Map(rows.map((r) => [r.id, r]))
    const missing = unique.filter((id) => !byId.has(id))
    if (missing.length) throw new AppError('NOT_FOUND', 'Some of those applications are not in this event.')
    const people = await applicantsOf(
      executor,
      rows.map((r) => r.userId),
    )
    const paid = await paymentsByApplication(
      executor,
      rows.map((r) => r.id),
    )
    const held = await heldPlaces(executor, event.id)
    const templates = new Map<EmailTemplateKey, Awaited<ReturnType<typeof loadTemplate>>>()

    const items: DecisionPlanItem[] = []
    for (const id of unique) {
      const application = byId.get(id)!
      const applicant = people.get(application.userId) ?? { name: 'Unknown member', email: '' }
      const type = application.applicationType
      const base = { application, applicant, currentStatus: application.status }
      const refuse = (refusal: string) =>
        items.push({ ...base, resultingStatus: null, refusal, offerExpiresAt: null, email: null })

      const expected = options.expectedVersions?.[ids.indexOf(id)]
      if (expected !== undefined && expected !== application.version) {
        refuse('someone else changed it meanwhile; reload to see their change')
        continue
      }
      const result = transition(application.status, MACHINE_ACTION[action], 'admin', {
        now: options.now,
        offerExpiresAt: application.offerExpiresAt,
      })
      if (!result.ok) {
        refuse(result.message.replace(/\.$/, '').replace(/^An/, 'an'))
        continue
      }
      const holdsNow = PLACE_HOLDING_STATUSES.includes(application.status)
      const holdsAfter = PLACE_HOLDING_STATUSES.includes(result.to)
      const capacity = typesOf(event)[type]?.capacity
      if (!holdsNow && holdsAfter && capacity !== undefined && (held.get(type) ?? 0) >= capacity) {
        refuse(`over capacity: all ${capacity} ${typeLabel(event, type)} places are held`)
        continue
      }
      held.set(type, (held.get(type) ?? 0) + (holdsAfter ? 1 : 0) - (holdsNow ? 1 : 0))

      const offerExpiresAt =
        action === 'OFFER'
          ? (options.offerExpiresAt ?? new Date(options.now.getTime() + expiryDays(event, type) * DAY_MS))
          : application.offerExpiresAt
      const key = STATUS_EMAIL[result.to]
      let email: DecisionPlanItem['email'] = null
      if (key && options.notify) {
        if (!templates.has(key)) templates.set(key, await loadTemplate(executor, key))
        const rendered = renderTemplate(
          templates.get(key)!,
          emailValues(
            config,
            event,
            { applicationType: type, offerExpiresAt },
            applicant.name,
            ledgerOf(event, application, paid.get(id) ?? []),
          ),
        )
        email = { template: key, subject: rendered.subject, text: rendered.text }
      }
      items.push({ ...base, resultingStatus: result.to, refusal: null, offerExpiresAt, email })
    }
    return items
  }

  function refusalError(items: readonly DecisionPlanItem[]): AppError {
    const refused = items.filter((i) => i.refusal)
    const fields: FieldIssue[] = refused.map((i) => ({
      path: i.application.id,
      message: `${i.applicant.name}: ${i.refusal}`,
    }))
    const list = fields.map((f) => f.message).join('; ')
    return new AppError(
      'CONFLICT',
      items.length === 1 ? `Nothing was changed. ${list}.` : `Nothing was changed, because of ${list}.`,
      { fields },
    )
  }

  /** Offer the next waitlisted application of `type` a place, inside `tx` (event row locked). */
  async function promoteInTx(
    tx: Db,
    event: EventRow,
    type: string,
    actor: ActorContext,
    now: Date,
  ): Promise<{ row: ApplicationRow | null; reason: 'full' | 'empty' | null }> {
    const capacity = typesOf(event)[type]?.capacity
    const held = (await heldPlaces(tx, event.id)).get(type) ?? 0
    if (capacity !== undefined && held >= capacity) return { row: null, reason: 'full' }
    const [next] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(
        and(
          eq(applications.eventId, event.id),
          eq(applications.applicationType, type),
          eq(applications.status, 'WAITLISTED'),
        ),
      )
      .orderBy(asc(applications.statusChangedAt), asc(applications.submittedAt), asc(applications.id))
      .limit(1)
    if (!next) return { row: null, reason: 'empty' }
    // NOTE: the status machine lets only admins offer; an automatic offer acts on the admins'
    // standing instruction (autoOfferFromWaitlist), so it is an admin action with no viewer.
    const row = await changeStatus(transitionDeps, tx, {
      applicationId: next.id,
      action: 'offer',
      actor: { kind: 'admin', viewer: actor.actor },
      requestId: actor.requestId ?? null,
      offerExpiresAt: new Date(now.getTime() + expiryDays(event, type) * DAY_MS),
      now,
    })
    return { row, reason: null }
  }

  /** The OFFER_EXPIRY_JOB: expire an unanswered offer, then pass the place on if configured. */
  async function expireOffer(applicationId: string, now = new Date()): Promise<ApplicationRow[]> {
    const [app] = await db
      .select({ eventId: applications.eventId })
      .from(applications)
      .where(eq(applications.id, applicationId))
    if (!app) return []
    const changed = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const event = await lockEventById(tx, app.eventId)
      const current = await lockApplication(tx, applicationId)
      // Answered, withdrawn or re-offered with a later expiry since the job was queued.
      if (current.status !== 'OFFERED' || !current.offerExpiresAt) return []
      if (current.offerExpiresAt.getTime() > now.getTime()) return []
      const expired = await changeStatus(transitionDeps, tx, {
        applicationId,
        action: 'expire',
        actor: { kind: 'system', viewer: null },
        now,
      })
      const rows = [expired]
      if (typesOf(event)[current.applicationType]?.autoOfferFromWaitlist) {
        const promoted = await promoteInTx(tx, event, current.applicationType, { actor: null }, now)
        if (promoted.row) rows.push(promoted.row)
      }
      return rows
    })
    await publishChanges(bus, changed)
    return changed
  }

  /**
   * Offer a place to the next on the waitlist of `type` (oldest status change first), if a place is
   * free. Without `actor` (a member declined or withdrew, engineer B's service) it does so only when
   * the type has `autoOfferFromWaitlist`; an admin's request (with `actor`) always tries. Returns
   * the offered application, or null with the reason.
   */
  async function promoteFromWaitlist(
    eventId: string,
    type: string,
    options: ActorContext = { actor: null },
  ): Promise<{ row: ApplicationRow | null; reason: 'full' | 'empty' | 'not-automatic' | null }> {
    if (options.actor) authorize(options.actor, 'admin.general')
    const result = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const event = await lockEventById(tx, eventId)
      if (!(type in typesOf(event))) throw new AppError('VALIDATION', `No application type "${type}".`)
      if (!options.actor && !typesOf(event)[type]!.autoOfferFromWaitlist) {
        return { row: null, reason: 'not-automatic' as const }
      }
      return promoteInTx(tx, event, type, options, new Date())
    })
    if (result.row) await publishChanges(bus, [result.row])
    return result
  }

  queue.register<{ applicationId: string }>(OFFER_EXPIRY_JOB, async ({ applicationId }) => {
    await expireOffer(applicationId)
  })

  return {
    /** Events with applications, and how many are submitted, offered and confirmed (admins). */
    async events(actor: Viewer | null) {
      authorize(actor, 'admin.general')
      const rows = await db
        .select({ eventId: applications.eventId, status: applications.status, n: count() })
        .from(applications)
        .groupBy(applications.eventId, applications.status)
      const all = await db.select().from(events).orderBy(asc(events.startDate))
      const counts = new Map<string, Record<ApplicationStatus, number>>()
      for (const r of rows) {
        const c = counts.get(r.eventId) ?? emptyCounts()
        c[r.status] = Number(r.n)
        counts.set(r.eventId, c)
      }
      return all
        .filter((e) => !e.archivedAt && (counts.has(e.id) || Object.keys(typesOf(e)).length > 0))
        .map((event) => ({ event, counts: counts.get(event.id) ?? emptyCounts() }))
    },

    /** Capacity and counts per application type, and every application with its applicant and payments. */
    async overview(actor: Viewer | null, eventSlug: string) {
      authorize(actor, 'admin.general')
      const event = await eventBySlug(db, eventSlug)
      const rows = await db
        .select()
        .from(applications)
        .where(eq(applications.eventId, event.id))
        .orderBy(asc(applications.submittedAt), asc(applications.id))
      const people = await applicantsOf(
        db,
        rows.map((r) => r.userId),
      )
      const paid = await paymentsByApplication(
        db,
        rows.map((r) => r.id),
      )
      const types: TypeSummary[] = Object.entries(typesOf(event)).map(([key, type]) => {
        const counts = emptyCounts()
        for (const r of rows) if (r.applicationType === key) counts[r.status] += 1
        const placesHeld = PLACE_HOLDING_STATUSES.reduce((sum, s) => sum + counts[s], 0)
        const capacity = type.capacity ?? null
        return {
          key,
          label: type.label,
          capacity,
          counts,
          placesHeld,
          placesLeft: capacity === null ? null : Math.max(0, capacity - placesHeld),
          offerExpiryDays: type.offerExpiryDays ?? 7,
          autoOfferFromWaitlist: type.autoOfferFromWaitlist ?? false,
        }
      })
      const entries: AcceptanceEntry[] = rows.map((application) => ({
        application,
        applicant: people.get(application.userId) ?? { name: 'Unknown member', email: '' },
        ledger: ledgerOf(event, application, paid.get(application.id) ?? []),
        payments: paid.get(application.id) ?? [],
      }))
      return { event, types, applications: entries }
    },

    /** One application as the acceptance page shows it, with its payment lines and payments. */
    async entry(actor: Viewer | null, applicationId: string): Promise<AcceptanceEntry> {
      authorize(actor, 'admin.general')
      requireUuids([applicationId])
      const [application] = await db.select().from(applications).where(eq(applications.id, applicationId))
      if (!application) throw new AppError('NOT_FOUND', 'No such application.')
      const [event] = await db.select().from(events).where(eq(events.id, application.eventId))
      const people = await applicantsOf(db, [application.userId])
      const paid = (await paymentsByApplication(db, [application.id])).get(application.id) ?? []
      return {
        application,
        applicant: people.get(application.userId) ?? { name: 'Unknown member', email: '' },
        ledger: ledgerOf(event!, application, paid),
        payments: paid,
      }
    },

    /** What `decide` would do, and which emails would go: nothing is written. */
    async preview(
      actor: Viewer | null,
      input: {
        eventSlug: string
        applicationIds: string[]
        action: DecisionAction
        offerExpiresAt?: Date | null
        notify?: boolean
      },
    ): Promise<DecisionPlanItem[]> {
      authorize(actor, 'admin.general')
      const event = await eventBySlug(db, input.eventSlug)
      return plan(db, event, input.applicationIds, input.action, {
        offerExpiresAt: input.offerExpiresAt ?? null,
        notify: input.notify ?? true,
        now: new Date(),
      })
    },

    /**
     * Offer, waitlist, reject or cancel applications, all or none: when any one would be refused
     * (status machine, capacity, a stale version) nothing changes and the CONFLICT names each refusal.
     * Offers of one event take turns on the event row's lock, so concurrent offers cannot overfill a type.
     */
    async decide(
      { actor, requestId }: ActorContext,
      input: {
        eventSlug: string
        applicationIds: string[]
        action: DecisionAction
        offerExpiresAt?: Date | null
        expectedVersions?: number[] | null
        notify?: boolean
      },
    ): Promise<ApplicationRow[]> {
      const viewer = authorize(actor, 'admin.general')
      const notify = input.notify ?? true
      const changed = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const event = await eventBySlug(tx, input.eventSlug, { lock: true })
        const now = new Date()
        const items = await plan(tx, event, input.applicationIds, input.action, {
          offerExpiresAt: input.offerExpiresAt ?? null,
          expectedVersions: input.expectedVersions ?? null,
          notify,
          now,
        })
        if (items.some((i) => i.refusal)) throw refusalError(items)
        const rows: ApplicationRow[] = []
        for (const item of items) {
          rows.push(
            await changeStatus(transitionDeps, tx, {
              applicationId: item.application.id,
              action: MACHINE_ACTION[input.action],
              actor: { kind: 'admin', viewer },
              requestId: requestId ?? null,
              expectedVersion: item.application.version,
              ...(item.offerExpiresAt && input.action === 'OFFER'
                ? { offerExpiresAt: item.offerExpiresAt }
                : {}),
              silent: !notify,
              now,
            }),
          )
        }
        return rows
      })
      await publishChanges(bus, changed)
      return changed
    },

    promoteFromWaitlist,

    /** The admin's "Promote from waitlist" button, by event slug. */
    async promoteBySlug(ctx: ActorContext, eventSlug: string, type: string) {
      authorize(ctx.actor, 'admin.general')
      const event = await eventBySlug(db, eventSlug)
      return promoteFromWaitlist(event.id, type, ctx)
    },

    expireOffer,

    /**
     * Add an application for a member after the deadline or to a closed type (admins). Answers, when
     * given, are checked against the type's questions; the member gets the usual confirmation email.
     */
    async addLateApplication(
      { actor, requestId }: ActorContext,
      input: { eventSlug: string; userEmail: string; type: string; answers?: unknown; notify?: boolean },
    ): Promise<ApplicationRow> {
      const viewer = authorize(actor, 'admin.general')
      const event = await eventBySlug(db, input.eventSlug)
      const typeConfig = typesOf(event)[input.type]
      if (!typeConfig) {
        throw new AppError('VALIDATION', `No application type "${input.type}".`, {
          fields: [{ path: 'type', message: 'Choose one of the event’s application types.' }],
        })
      }
      let answers: Record<string, unknown> = {}
      if (input.answers !== undefined && input.answers !== null) {
        const parsed = answersSchema(typeConfig.questions ?? []).safeParse(
          withoutEmptyAnswers((input.answers ?? {}) as Record<string, unknown>),
        )
        if (!parsed.success) {
          throw validationError(parsed.error.issues.map((i) => ({ ...i, path: ['answers', ...i.path] })))
        }
        answers = parsed.data as Record<string, unknown>
      }
      const email = input.userEmail.trim().toLowerCase()
      const [member] = await db
        .select({ id: users.id, email: users.email, slug: profiles.slug })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, email))
      if (!member) throw new AppError('NOT_FOUND', `No member with the email ${email}.`)
      const base = (member.slug ?? member.email.split('@')[0]!)
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '')
      try {
        const row = await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const [inserted] = await tx
            .insert(applications)
            .values({
              eventId: event.id,
              userId: member.id,
              applicationType: input.type,
              slug: `${base || 'member'}-${input.type}`,
              answers,
            })
            .returning()
          await recordAudit(tx, {
            actorId: viewer.id,
            action: 'application.add-late',
            entityType: 'application',
            entityId: inserted!.id,
            after: { status: inserted!.status, applicationType: input.type, userId: member.id },
            requestId: requestId ?? null,
          })
          if (input.notify ?? true)
            await queueStatusEmail(transitionDeps, tx, inserted!, 'application.submitted')
          return inserted!
        })
        await publishChanges(bus, [row])
        return row
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(
            'CONFLICT',
            'That member already has an application of this type for this event.',
          )
        }
        throw error
      }
    },

    /** Every template, as saved or default (admins). */
    async templates(actor: Viewer | null) {
      authorize(actor, 'admin.general')
      const list = await listTemplates(db)
      return list.map((t) => ({
        ...t,
        defaultSubject: DEFAULT_TEMPLATES[t.key].subject,
        defaultBody: DEFAULT_TEMPLATES[t.key].body,
      }))
    },

    /** Save a template after checking its placeholders (VALIDATION otherwise); audited. */
    async updateTemplate(
      { actor, requestId }: ActorContext,
      key: EmailTemplateKey,
      subject: string,
      body: string,
    ) {
      const viewer = authorize(actor, 'admin.general')
      checkTemplateInput(subject, body)
      const before = await loadTemplate(db, key)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const now = new Date()
        await tx
          .insert(emailTemplates)
          .values({ key, subject, body, updatedBy: viewer.id, updatedAt: now })
          .onConflictDoUpdate({
            target: emailTemplates.key,
            set: { subject, body, updatedBy: viewer.id, updatedAt: now },
          })
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'email-template.update',
          entityType: 'email-template',
          entityId: key,
          before: { subject: before.subject, body: before.body },
          after: { subject, body },
          requestId: requestId ?? null,
        })
      })
      return {
        key,
        subject,
        body,
        customised: true,
        defaultSubject: DEFAULT_TEMPLATES[key].subject,
        defaultBody: DEFAULT_TEMPLATES[key].body,
      }
    },

    /** Go back to the default wording; audited. */
    async resetTemplate({ actor, requestId }: ActorContext, key: EmailTemplateKey) {
      const viewer = authorize(actor, 'admin.general')
      const before = await loadTemplate(db, key)
      await db.transaction(async (t) => {
        const tx = t as unknown as Db
        await tx.delete(emailTemplates).where(eq(emailTemplates.key, key))
        await recordAudit(tx, {
          actorId: viewer.id,
          action: 'email-template.reset',
          entityType: 'email-template',
          entityId: key,
          before: { subject: before.subject, body: before.body },
          after: DEFAULT_TEMPLATES[key],
          requestId: requestId ?? null,
        })
      })
      return {
        key,
        ...DEFAULT_TEMPLATES[key],
        customised: false,
        defaultSubject: DEFAULT_TEMPLATES[key].subject,
        defaultBody: DEFAULT_TEMPLATES[key].body,
      }
    },

    /** Render a (possibly unsaved) template with sample values. */
    previewTemplate(actor: Viewer | null, key: EmailTemplateKey, subject: string, body: string) {
      authorize(actor, 'admin.general')
      checkTemplateInput(subject, body)
      const sampleExpiry = new Date(Date.now() + 7 * DAY_MS)
      return renderTemplate(
        { key, subject, body },
        {
          name: 'Alex',
          eventTitle: 'Spring Concert',
          applicationType: 'Singer',
          offerExpiresAt: formatInZone(sampleExpiry, config.timeZone),
          amountOwed: formatPence(2500),
          link: `${config.appUrl}/applications`,
        },
      )
    },

    /**
     * Record a payment (or, negative, a refund) against one of the application's payment lines
     * (admins; CONFIRMED or PAID only). When every line is paid a CONFIRMED application becomes PAID.
     * A refund leaves a PAID application PAID (the status machine has no way back; see 0015).
     */
    async recordPayment(
      { actor, requestId }: ActorContext,
      input: {
        applicationId: string
        lineKey: string
        amountPence: number
        method: PaymentMethod
        reference?: string | null
      },
    ): Promise<{ application: ApplicationRow; payment: PaymentRow }> {
      const viewer = authorize(actor, 'admin.general')
      const fields: FieldIssue[] = []
      if (
        !Number.isInteger(input.amountPence) ||
        input.amountPence === 0 ||
        Math.abs(input.amountPence) > MAX_AMOUNT_PENCE
      ) {
        fields.push({
          path: 'amountPence',
          message: 'Enter an amount other than zero (negative for a refund).',
        })
      }
      const reference = (input.reference ?? '').trim()
      if (reference.length > MAX_REFERENCE) {
        fields.push({ path: 'reference', message: `Keep the reference under ${MAX_REFERENCE} characters.` })
      }
      if (fields.length) throw new AppError('VALIDATION', fields[0]!.message, { fields })

      requireUuids([input.applicationId])
      const result = await db.transaction(async (t) => {
        const tx = t as unknown as Db
        const before = await lockApplication(tx, input.applicationId)
        const [event] = await tx.select().from(events).where(eq(events.id, before.eventId))
        if (before.status !== 'CONFIRMED' && before.status !== 'PAID') {
          throw new AppError(
            'CONFLICT',
            `Payments are recorded once a place is confirmed; this application is ${before.status.toLowerCase()}.`,
          )
        }
        const lines = event!.eventConfig.paymentLines?.[before.applicationType] ?? []
        if (!lines.some((l) => l.key === input.lineKey)) {
          const message = `"${input.lineKey}" is not a payment line of ${typeLabel(event!, before.applicationType)}.`
          throw new AppError('VALIDATION', message, { fields: [{ path: 'lineKey', message }] })
        }
        const already = await tx.select().from(payments).where(eq(payments.applicationId, before.id))
        const paidOnLine = already
          .filter((p) => p.lineKey === input.lineKey)
          .reduce((s, p) => s + p.amountPence, 0)
        if (paidOnLine + input.amountPence < 0) {
          const message = `A refund cannot be more than the ${formatPence(paidOnLine)} paid on this line.`
          throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
        }
        const line = lines.find((l) => l.key === input.lineKey)!
        if (paidOnLine + input.amountPence > line.amountPence) {
          const left = Math.max(0, line.amountPence - paidOnLine)
          const message = `Only ${formatPence(left)} is outstanding on ${line.label}; record at most that.`
          throw new AppError('VALIDATION', message, { fields: [{ path: 'amountPence', message }] })
        }
        const payment = await provider.recordPayment(tx, {
          applicationId: before.id,
          lineKey: input.lineKey,
          amountPence: input.amountPence,
          method: input.method,
          reference,
          recordedBy: viewer.id,
        })
        await recordAudit(tx, {
          actorId: viewer.id,
          action: input.amountPence < 0 ? 'payment.refund' : 'payment.record',
          entityType: 'application',
          entityId: before.id,
          after: {
            paymentId: payment.id,
            lineKey: payment.lineKey,
            amountPence: payment.amountPence,
            method: payment.method,
            reference: payment.reference,
            provider: payment.provider,
          },
          requestId: requestId ?? null,
        })
        let application = before
        if (before.status === 'CONFIRMED' && isFullyPaid(owedLines(lines, [...already, payment]))) {
          application = await changeStatus(transitionDeps, tx, {
            applicationId: before.id,
            action: 'markPaid',
            actor: { kind: 'system', viewer: null },
            requestId: requestId ?? null,
          })
        } else {
          // Bump the version so admins' screens notice the new payment.
          const [bumped] = await tx
            .update(applications)
            .set({ version: before.version + 1, updatedAt: new Date() })
            .where(eq(applications.id, before.id))
            .returning()
          application = bumped!
        }
        return { application, payment }
      })
      await publishChanges(bus, [result.application])
      return result
    },
  }
}
export type AcceptanceService = ReturnType<typeof createAcceptanceService>

function checkTemplateInput(subject: string, body: string): void {
  const fields: FieldIssue[] = []
  if (!subject.trim()) fields.push({ path: 'subject', message: 'Enter a subject.' })
  if (subject.length > MAX_SUBJECT)
    fields.push({ path: 'subject', message: `Keep the subject under ${MAX_SUBJECT} characters.` })
  if (!body.trim()) fields.push({ path: 'body', message: 'Enter the text of the email.' })
  if (body.length > MAX_BODY)
    fields.push({ path: 'body', message: `Keep the text under ${MAX_BODY} characters.` })
  if (fields.length) throw new AppError('VALIDATION', fields[0]!.message, { fields })
  checkTemplate({ subject, body })
}
