import { and, eq, inArray, like, or } from 'drizzle-orm'
import {
  applicationFormSchema,
  draftSchema,
  MAX_DRAFT_BYTES,
} from '#core/applications/application.schemas.ts'
import { DIVERSITY_QUESTIONS, diversityAnswersSchema, diversityReport } from '#core/applications/diversity.ts'
import { owedLines, type OwedLine, type RecordedPayment } from '#core/applications/payments.ts'
import {
  allowedActions,
  canEditAnswers,
  type ApplicationAction,
  type ViewerCan,
} from '#core/applications/status.ts'
import { can } from '#core/auth/policies.ts'
import { AppError } from '#core/errors.ts'
import {
  parseEventConfig,
  type ApplicationTypeConfig,
  type Question,
} from '#core/events/event-config.schemas.ts'
import { canSeeEvent } from '#core/events/policies.ts'
import { SIGNUP_CLOSED_MESSAGES, signupClosedReason, type SignupClosedReason } from '#core/events/signup.ts'
import type { ProfileEssentials } from '#core/profiles/profile.schemas.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { AppConfig } from '#server/config/env.ts'
import type { Db } from '#server/db/client.ts'
import {
  applicationDrafts,
  applications,
  diversityResponses,
  diversitySubmissions,
  events,
  profiles,
  users,
} from '#server/db/schema/index.ts'
import type { JobQueue } from '#server/jobs/queue.ts'
import type { Mailer } from '#server/mail/outbox.service.ts'
import { paymentsByApplication, type PaymentRow } from '#server/payments/payment-provider.ts'
import type { Bus } from '#server/realtime/bus.ts'
import { findUploads } from '#server/storage/uploads.ts'
import { authenticate, authorize, validationError } from '#server/modules/shared/guards.ts'
import { changeStatus, publishChanges, queueStatusEmail, type ApplicationRow } from './transitions.ts'

type EventRow = typeof events.$inferSelect

export interface ApplicationsServiceDeps {
  db: Db
  queue: JobQueue
  mailer: Mailer
  bus: Bus
  config: Pick<AppConfig, 'appUrl' | 'timeZone'>
}

/** What a member's profile gives the form to start from. */
export interface ProfilePrefill {
  name: string
  phone: string | null
  emergencyContact: { name: string; phone: string; relationship: string } | null
}

export interface ApplicationForm {
  event: EventRow
  type: string
  config: ApplicationTypeConfig
  closedReason: SignupClosedReason | null
  profile: ProfilePrefill
  draft: { profile?: Record<string, unknown>; answers: Record<string, unknown> } | null
  application: ApplicationRow | null
}

interface Request {
  viewer: Viewer | null
  requestId?: string
}

function closedError(reason: SignupClosedReason): AppError {
  // A draft event does not exist for members; anything else is a clear "closed".
  if (reason === 'DRAFT' || reason === 'NO_SUCH_TYPE')
    return new AppError('NOT_FOUND', SIGNUP_CLOSED_MESSAGES[reason])
  return new AppError('CONFLICT', SIGNUP_CLOSED_MESSAGES[reason])
}

/** "Ada Lovelace" → "ada-lovelace" (profile slugs are URL-safe and lower case). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || 'member'
}

const tx$ = (t: unknown) => t as Db

/** Applications, member side: drafts, submit, edit, withdraw, accept, decline, diversity survey. */
export function createApplicationsService(deps: ApplicationsServiceDeps) {
  const { db, bus, config } = deps
  const transitionDeps = {
    mailer: deps.mailer,
    queue: deps.queue,
    appUrl: config.appUrl,
    timeZone: config.timeZone,
  }

  /** An event a member may see, by slug; drafts and unknown slugs are NOT_FOUND for non-admins. */
  async function visibleEvent(viewer: Viewer | null, slug: string): Promise<EventRow> {
    const [event] = await db.select().from(events).where(eq(events.slug, slug))
    if (!event || !canSeeEvent(viewer, event)) throw new AppError('NOT_FOUND', 'No such event.')
    return event
  }

  /** The member's own application (admins with admin.general may read anyone's); otherwise NOT_FOUND. */
  async function readable(viewer: Viewer, id: string): Promise<ApplicationRow> {
    const row = await findById(id)
    if (!row || (row.userId !== viewer.id && !can(viewer, 'admin.general'))) {
      throw new AppError('NOT_FOUND', 'No such application.')
    }
    return row
  }

  /** The member's own application; anyone else's is NOT_FOUND, so ids cannot be probed. */
  async function own(viewer: Viewer, id: string): Promise<ApplicationRow> {
    const row = await findById(id)
    if (!row || row.userId !== viewer.id) throw new AppError('NOT_FOUND', 'No such application.')
    return row
  }

  async function findById(id: string): Promise<ApplicationRow | undefined> {
    // Not a uuid: nothing to find (and no database error to mask).
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
    const [row] = await db.select().from(applications).where(eq(applications.id, id))
    return row
  }

  function typeConfig(event: EventRow, type: string): ApplicationTypeConfig | undefined {
    const config = parseEventConfig(event.eventConfig)
    return Object.hasOwn(config.applicationTypes, type) ? config.applicationTypes[type] : undefined
  }

  async function prefill(viewer: Viewer): Promise<ProfilePrefill> {
    const [row] = await db
      .select({
        name: users.name,
        preferredName: profiles.preferredName,
        phone: profiles.phone,
        emergencyContact: profiles.emergencyContact,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, viewer.id))
    return {
      name: row?.preferredName || row?.name || viewer.name,
      phone: row?.phone ?? null,
      emergencyContact: row?.emergencyContact ?? null,
    }
  }

  async function existingApplication(userId: string, eventId: string, type: string) {
    const [row] = await db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.userId, userId),
          eq(applications.eventId, eventId),
          eq(applications.applicationType, type),
        ),
      )
    return row
  }

  /** Parse {profile, answers} with the form's schema; VALIDATION with paths like `answers.why`. */
  function parseForm(questions: readonly Question[], profile: unknown, answers: unknown) {
    const parsed = applicationFormSchema(questions).safeParse({ profile, answers })
    if (!parsed.success) throw validationError(parsed.error.issues)
    return parsed.data as { profile: ProfileEssentials; answers: Record<string, unknown> }
  }

  /** Every file answer must name a file this member uploaded (the upload's audit entry says so). */
  async function checkFiles(
    tx: Db,
    viewer: Viewer,
    questions: readonly Question[],
    answers: Record<string, unknown>,
  ) {
    const files = questions
      .filter((q) => q.kind === 'file' && answers[q.id])
      .map((q) => ({ id: q.id, key: (answers[q.id] as { key: string }).key }))
    if (!files.length) return
    const uploads = await findUploads(
      tx,
      files.map((f) => f.key),
    )
    const mine = new Set(uploads.filter((u) => u.uploader?.id === viewer.id).map((u) => u.key))
    const bad = files.filter((f) => !mine.has(f.key))
    if (bad.length) {
      throw validationError(
        bad.map((f) => ({ path: ['answers', f.id], message: 'Upload the file again: we cannot find it.' })),
      )
    }
  }

  /** Save the essentials to the member's profile, making the profile (with a free slug) if needed. */
  async function saveProfile(tx: Db, viewer: Viewer, essentials: ProfileEssentials): Promise<string> {
    const values = {
      preferredName: essentials.name,
      phone: essentials.phone,
      emergencyContact: essentials.emergencyContact,
      updatedAt: new Date(),
    }
    const [updated] = await tx
      .update(profiles)
      .set(values)
      .where(eq(profiles.userId, viewer.id))
      .returning({ slug: profiles.slug })
    if (updated) return updated.slug
    const base = slugify(essentials.name)
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = new Set(
        (
          await tx
            .select({ slug: profiles.slug })
            .from(profiles)
            .where(or(eq(profiles.slug, base), like(profiles.slug, `${base}-%`)))
        ).map((r) => r.slug),
      )
      let slug = base
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
      if (attempt > 0) slug = `${base}-${Math.random().toString(36).slice(2, 7)}`
      // NOTE: DO NOTHING covers both races: another request of the same member made the profile
      // (read it back below), or another member took this slug meanwhile (try again).
      const [inserted] = await tx
        .insert(profiles)
        .values({ userId: viewer.id, slug, ...values })
        .onConflictDoNothing()
        .returning({ slug: profiles.slug })
      if (inserted) return inserted.slug
      const [again] = await tx
        .update(profiles)
        .set(values)
        .where(eq(profiles.userId, viewer.id))
        .returning({ slug: profiles.slug })
      if (again) return again.slug
    }
    throw new AppError('CONFLICT', 'Could not create your profile. Please try again.')
  }

  async function memberTransition(
    { viewer, requestId }: Request,
    id: string,
    action: Extract<ApplicationAction, 'withdraw' | 'accept' | 'decline'>,
    expectedVersion?: number,
  ): Promise<{ before: ApplicationRow; after: ApplicationRow }> {
    const member = authenticate(viewer)
    const before = await own(member, id)
    const after = await db.transaction((t) =>
      changeStatus(transitionDeps, tx$(t), {
        applicationId: id,
        action,
        actor: { kind: 'member', viewer: member },
        requestId: requestId ?? null,
        ...(expectedVersion !== undefined ? { expectedVersion } : {}),
      }),
    )
    await publishChanges(bus, [after])
    return { before, after }
  }

  return {
    /** One application: its owner, or a committee member with admin.general; else NOT_FOUND. */
    async get(viewer: Viewer | null, id: string): Promise<ApplicationRow> {
      return readable(authenticate(viewer), id)
    },

    /** The signed-in member's applications, newest first. */
    async listMine(viewer: Viewer | null): Promise<ApplicationRow[]> {
      const member = authenticate(viewer)
      const rows = await db.select().from(applications).where(eq(applications.userId, member.id))
      return rows.sort((a, b) => b.submittedAt.getTime() - a.submittedAt.getTime())
    },

    /** What the viewer may do to the application now (the status machine's answer). */
    viewerCan(
      viewer: Viewer | null,
      application: ApplicationRow,
      event: EventRow,
      now = new Date(),
    ): ViewerCan {
      return allowedActions(viewer, { ...application, event }, now)
    },

    /**
     * The payments of each application, oldest first, in one query (a list's resolvers batch into it).
     * Callers decide who may see them.
     */
    async payments(applicationIds: readonly string[]): Promise<PaymentRow[][]> {
      const byApp = await paymentsByApplication(db, applicationIds)
      return applicationIds.map((id) => byApp.get(id) ?? [])
    },

    /** The type's payment lines with what has been paid against each (`paid`: its payments). */
    owed(application: ApplicationRow, event: EventRow, paid: readonly RecordedPayment[]): OwedLine[] {
      return owedLines(
        parseEventConfig(event.eventConfig).paymentLines[application.applicationType] ?? [],
        paid,
      )
    },

    /** Whether the diversity survey of each application was answered, in one query. */
    async diversityAnswered(applicationIds: readonly string[]): Promise<boolean[]> {
      if (!applicationIds.length) return []
      const rows = await db
        .select({ applicationId: diversitySubmissions.applicationId })
        .from(diversitySubmissions)
        .where(inArray(diversitySubmissions.applicationId, [...applicationIds]))
      const answered = new Set(rows.map((r) => r.applicationId))
      return applicationIds.map((id) => answered.has(id))
    },

    /** Everything the application form needs: the type's questions, whether it is open, prefill, draft. */
    async form({ viewer }: Request, eventSlug: string, type: string): Promise<ApplicationForm> {
      const member = authenticate(viewer)
      const event = await visibleEvent(member, eventSlug)
      const config = typeConfig(event, type)
      if (!config) throw new AppError('NOT_FOUND', SIGNUP_CLOSED_MESSAGES.NO_SUCH_TYPE)
      const [draft] = await db
        .select()
        .from(applicationDrafts)
        .where(
          and(
            eq(applicationDrafts.userId, member.id),
            eq(applicationDrafts.eventId, event.id),
            eq(applicationDrafts.applicationType, type),
          ),
        )
      return {
        event,
        type,
        config,
        closedReason: signupClosedReason(
          { ...event, eventConfig: parseEventConfig(event.eventConfig) },
          type,
          new Date(),
        ),
        profile: await prefill(member),
        draft: draft?.data ?? null,
        application: (await existingApplication(member.id, event.id, type)) ?? null,
      }
    },

    /** Autosave what the member has typed so far (size-capped; checked properly on submit). */
    async saveDraft({ viewer }: Request, eventSlug: string, type: string, data: unknown): Promise<Date> {
      const member = authenticate(viewer)
      const event = await visibleEvent(member, eventSlug)
      const reason = signupClosedReason(
        { ...event, eventConfig: parseEventConfig(event.eventConfig) },
        type,
        new Date(),
      )
      if (reason) throw closedError(reason)
      if (JSON.stringify(data ?? null).length > MAX_DRAFT_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'This draft is too large to save. Shorten your answers.')
      }
      const parsed = draftSchema.safeParse(data)
      if (!parsed.success) throw validationError(parsed.error.issues)
      if (await existingApplication(member.id, event.id, type)) {
        throw new AppError('CONFLICT', 'You have already applied. Edit your answers from My applications.')
      }
      const updatedAt = new Date()
      await db
        .insert(applicationDrafts)
        .values({ userId: member.id, eventId: event.id, applicationType: type, data: parsed.data, updatedAt })
        .onConflictDoUpdate({
          target: [applicationDrafts.userId, applicationDrafts.eventId, applicationDrafts.applicationType],
          set: { data: parsed.data, updatedAt },
        })
      return updatedAt
    },

    /**
     * Submit an application. Idempotent: a double click or a retried request gets the same
     * application back (one row, one confirmation email), thanks to the unique (member, event, type)
     * index and INSERT … ON CONFLICT DO NOTHING.
     */
    async submit(
      { viewer, requestId }: Request,
      eventSlug: string,
      type: string,
      profile: unknown,
      answers: unknown,
    ): Promise<ApplicationRow> {
      const member = authenticate(viewer)
      const event = await visibleEvent(member, eventSlug)
      const config = parseEventConfig(event.eventConfig)
      const existing = await existingApplication(member.id, event.id, type)
      if (existing) return existing
      const reason = signupClosedReason({ ...event, eventConfig: config }, type, new Date())
      if (reason) throw closedError(reason)
      const questions = config.applicationTypes[type]!.questions
      const form = parseForm(questions, profile, answers)

      const { row, created } = await db.transaction(async (t) => {
        const tx = tx$(t)
        await checkFiles(tx, member, questions, form.answers)
        const profileSlug = await saveProfile(tx, member, form.profile)
        let inserted: ApplicationRow | undefined
        for (let attempt = 0; attempt < 3 && !inserted; attempt++) {
          const slug = attempt === 0 ? `${profileSlug}-${type}` : `${profileSlug}-${type}-${attempt + 1}`
          ;[inserted] = await tx
            .insert(applications)
            .values({
              eventId: event.id,
              userId: member.id,
              applicationType: type,
              slug,
              status: 'SUBMITTED',
              answers: form.answers,
            })
            .onConflictDoNothing()
            .returning()
          if (inserted) break
          // Another request of this member won the race: theirs is the application.
          const [theirs] = await tx
            .select()
            .from(applications)
            .where(
              and(
                eq(applications.userId, member.id),
                eq(applications.eventId, event.id),
                eq(applications.applicationType, type),
              ),
            )
          if (theirs) return { row: theirs, created: false }
          // Otherwise the slug belongs to someone else's application: try the next one.
        }
        if (!inserted) throw new AppError('CONFLICT', 'Could not save your application. Please try again.')
        await tx
          .delete(applicationDrafts)
          .where(
            and(
              eq(applicationDrafts.userId, member.id),
              eq(applicationDrafts.eventId, event.id),
              eq(applicationDrafts.applicationType, type),
            ),
          )
        await recordAudit(tx, {
          actorId: member.id,
          action: 'application.submit',
          entityType: 'application',
          entityId: inserted.id,
          after: { status: inserted.status, applicationType: type, answers: inserted.answers },
          requestId: requestId ?? null,
        })
        await queueStatusEmail(transitionDeps, tx, inserted, 'application.submitted')
        return { row: inserted, created: true }
      })
      if (created) await publishChanges(bus, [row])
      return row
    },

    /** Change the answers of a SUBMITTED application before the signup deadline. */
    async updateAnswers(
      { viewer, requestId }: Request,
      id: string,
      expectedVersion: number,
      profile: unknown,
      answers: unknown,
    ): Promise<ApplicationRow> {
      const member = authenticate(viewer)
      const current = await own(member, id)
      const [event] = await db.select().from(events).where(eq(events.id, current.eventId))
      const questions = typeConfig(event!, current.applicationType)?.questions ?? []
      const row = await db.transaction(async (t) => {
        const tx = tx$(t)
        const [before] = await tx.select().from(applications).where(eq(applications.id, id)).for('update')
        if (!before) throw new AppError('NOT_FOUND', 'No such application.')
        if (!canEditAnswers(before, event!, new Date())) {
          throw new AppError(
            'CONFLICT',
            before.status === 'SUBMITTED'
              ? 'The signup deadline has passed, so the answers can no longer be changed.'
              : 'Answers can only be changed while the application is submitted.',
          )
        }
        if (before.version !== expectedVersion) {
          throw new AppError(
            'CONFLICT',
            'This application changed meanwhile. Reload to see the latest version.',
          )
        }
        const form = parseForm(questions, profile, answers)
        await checkFiles(tx, member, questions, form.answers)
        await saveProfile(tx, member, form.profile)
        const [after] = await tx
          .update(applications)
          .set({ answers: form.answers, version: before.version + 1, updatedAt: new Date() })
          .where(and(eq(applications.id, id), eq(applications.version, before.version)))
          .returning()
        await recordAudit(tx, {
          actorId: member.id,
          action: 'application.update',
          entityType: 'application',
          entityId: id,
          before: { answers: before.answers, version: before.version },
          after: { answers: after!.answers, version: after!.version },
          requestId: requestId ?? null,
        })
        return after!
      })
      await publishChanges(bus, [row])
      return row
    },

    /** Withdraw one's own application (SUBMITTED, OFFERED, CONFIRMED or PAID). */
    withdraw: (request: Request, id: string, expectedVersion?: number) =>
      memberTransition(request, id, 'withdraw', expectedVersion),
    /** Accept an offer before it expires: CONFIRMED (payments, if any, make it PAID later). */
    accept: (request: Request, id: string) => memberTransition(request, id, 'accept'),
    /** Decline an offer. */
    decline: (request: Request, id: string) => memberTransition(request, id, 'decline'),

    /** The survey's questions and the member's applications to the event (answered or not). */
    async diversitySurvey({ viewer }: Request, eventSlug: string) {
      const member = authenticate(viewer)
      const event = await visibleEvent(member, eventSlug)
      const rows = await db
        .select()
        .from(applications)
        .where(and(eq(applications.userId, member.id), eq(applications.eventId, event.id)))
      return { event, questions: DIVERSITY_QUESTIONS, applications: rows }
    },

    /**
     * Answer the diversity survey of one's own application, once. The answers go into a row with
     * only the event's id: nothing links them back to the member or the application.
     */
    async submitDiversity(
      { viewer }: Request,
      applicationId: string,
      answers: unknown,
    ): Promise<ApplicationRow> {
      const member = authenticate(viewer)
      const application = await own(member, applicationId)
      const parsed = diversityAnswersSchema.safeParse(answers ?? {})
      if (!parsed.success) throw validationError(parsed.error.issues)
      const clean = Object.fromEntries(
        Object.entries(parsed.data).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>
      await db.transaction(async (t) => {
        const tx = tx$(t)
        const [marked] = await tx
          .insert(diversitySubmissions)
          .values({ applicationId })
          .onConflictDoNothing()
          .returning()
        if (!marked)
          throw new AppError('CONFLICT', 'You have already answered the survey for this application.')
        await tx.insert(diversityResponses).values({ eventId: application.eventId, answers: clean })
      })
      return application
    },

    /** The event's survey in aggregate (admin.general): counts per answer, 1–4 shown as "<5". */
    async diversityReport({ viewer }: Request, eventSlug: string) {
      const admin = authorize(viewer, 'admin.general')
      const event = await visibleEvent(admin, eventSlug)
      const rows = await db
        .select({ answers: diversityResponses.answers })
        .from(diversityResponses)
        .where(eq(diversityResponses.eventId, event.id))
      return { event, ...diversityReport(rows.map((r) => r.answers)) }
    },
  }
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>
