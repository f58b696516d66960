import { and, eq, inArray } from 'drizzle-orm'
import {
  PLACE_HOLDING_STATUSES,
  transition,
  type ApplicationAction,
  type ApplicationStatus,
} from '#core/applications/status.ts'
import type { DecisionAction } from '#core/applications/acceptance-wording.ts'
import { offerExpiresAt } from '#core/applications/offer-expiry.ts'
import { AppError, type FieldIssue } from '#core/errors.ts'
import type { RequestContext } from '#server/context.ts'
import type { Db } from '#server/db/client.ts'
import { applications, type events } from '#server/db/schema/index.ts'
import { requireApplicationIds } from '#server/modules/applications/applications.queries.ts'
import { typeLabel, typesOf } from '#server/modules/applications/application-types.ts'
import { STATUS_EMAIL } from '#server/modules/applications/change-status.ts'
import type { ApplicationRow } from '#server/modules/applications/update-application.ts'
import { emailValues } from '#server/modules/email-templates/application-email.ts'
import { loadTemplate } from '#server/modules/email-templates/email-templates.queries.ts'
import {
  renderTemplate,
  type EmailTemplate,
  type EmailTemplateKey,
} from '#server/modules/email-templates/templates.ts'
import { ledgerOf, paymentsByApplication } from '#server/modules/payments/payments.queries.ts'
import { heldPlaces } from '#server/modules/applications/held-places.ts'
import { applicantsOf, UNKNOWN_APPLICANT, type Applicant } from './acceptance.queries.ts'
import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'

type EventRow = typeof events.$inferSelect

/** What staff decide about applications in bulk, and the status machine's action for each. */
export const MACHINE_ACTION: Record<DecisionAction, ApplicationAction> = {
  OFFER: 'offer',
  WAITLIST: 'waitlist',
  REJECT: 'reject',
  CANCEL: 'cancel',
}

export interface DecisionInput {
  eventSlug: string
  applicationIds: string[]
  action: DecisionAction
  /** Defaults to now plus the type's offerExpiryDays. */
  offerExpiresAt?: Date | null
  /** The version each application had on screen, in the same order. */
  expectedVersions?: number[] | null
  /** Email the members (default true). */
  notify?: boolean
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

/**
 * Work out, without writing, what a decision would do to each application: the status machine,
 * the expected versions and the capacity, in the order given (a cancellation frees a place for the
 * offers after it). `previewDecisions` shows it; `decideApplications` carries it out.
 */
export async function planDecisions(
  ctx: RequestContext,
  db: Db,
  event: EventRow,
  input: DecisionInput,
): Promise<DecisionPlanItem[]> {
  const { applicationIds: ids, action } = input
  const now = ctx.now()
  const notify = input.notify ?? true
  const { timeZone } = await societySettingsOf(ctx.services, db)
  requireApplicationIds(ids)
  const unique = [...new Set(ids)]
  if (!unique.length) throw new AppError('VALIDATION', 'Choose at least one application.')
  if (input.expectedVersions && input.expectedVersions.length !== ids.length) {
    throw new AppError('BAD_REQUEST', 'Send one expected version per application.')
  }
  if (input.offerExpiresAt && input.offerExpiresAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION', 'The offer expiry must be in the future.', {
      fields: [{ path: 'offerExpiresAt', message: 'Choose a time in the future.' }],
    })
  }
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.eventId, event.id), inArray(applications.id, unique)))
  const byId = new Map(rows.map((r) => [r.id, r]))
  if (unique.some((id) => !byId.has(id))) {
    throw new AppError('NOT_FOUND', 'Some of those applications are not in this event.')
  }
  const people = await applicantsOf(
    db,
    rows.map((r) => r.userId),
  )
  const paid = await paymentsByApplication(
    db,
    rows.map((r) => r.id),
  )
  const held = await heldPlaces(db, event.id)
  const templates = new Map<EmailTemplateKey, EmailTemplate>()

  const items: DecisionPlanItem[] = []
  for (const id of unique) {
    const application = byId.get(id)!
    const applicant = people.get(application.userId) ?? UNKNOWN_APPLICANT
    const type = application.applicationType
    const base = { application, applicant, currentStatus: application.status }
    const refuse = (refusal: string) =>
      items.push({ ...base, resultingStatus: null, refusal, offerExpiresAt: null, email: null })

    const expected = input.expectedVersions?.[ids.indexOf(id)]
    if (expected !== undefined && expected !== application.version) {
      refuse('someone else changed it meanwhile; reload to see their change')
      continue
    }
    const result = transition(application.status, MACHINE_ACTION[action], 'admin', {
      now,
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

    const expiresAt =
      action === 'OFFER'
        ? (input.offerExpiresAt ?? offerExpiresAt(now, typesOf(event)[type]))
        : application.offerExpiresAt
    const key = STATUS_EMAIL[result.to]
    let email: DecisionPlanItem['email'] = null
    if (key && notify) {
      if (!templates.has(key)) templates.set(key, await loadTemplate(db, key))
      const rendered = renderTemplate(
        templates.get(key)!,
        emailValues(
          { appUrl: ctx.services.config.appUrl, timeZone },
          event,
          { applicationType: type, offerExpiresAt: expiresAt },
          applicant.name,
          ledgerOf(event, application, paid.get(id) ?? []),
        ),
      )
      email = { template: key, subject: rendered.subject, text: rendered.text }
    }
    items.push({ ...base, resultingStatus: result.to, refusal: null, offerExpiresAt: expiresAt, email })
  }
  return items
}

/** The CONFLICT for a plan with refusals: it names each refused application and why. */
export function refusalError(items: readonly DecisionPlanItem[]): AppError {
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
