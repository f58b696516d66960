import { createHash } from 'node:crypto'
import { and, eq, gt, sql } from 'drizzle-orm'
import {
  checklistComplete,
  gettingStartedChecklist,
  MARKABLE_ITEMS,
  type GettingStartedItem,
  type GettingStartedLine,
  type SetupLinkState,
} from '#core/society/getting-started.ts'
import { AppError } from '#core/errors.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { executeRows, type Db, type Tx } from '#server/db/client.ts'
import { gettingStartedMarks, verifications } from '#server/db/schema/index.ts'
import { authorize } from '#server/modules/shared/guards.ts'

const DISMISSED = 'dismissed'

/** Whether anyone holds superAdmin: until then the install is waiting for its first-run setup. */
export async function hasSuperAdmin(db: Db | Tx): Promise<boolean> {
  const rows = await executeRows<{ id: string }>(
    db,
    sql`select id from users where 'superAdmin' = any(roles) limit 1`,
  )
  return rows.length > 0
}

/** The verification row a setup token is stored as: only its hash (first-run-setup.ts writes it). */
export const SETUP_TOKEN_PREFIX = 'first-admin-setup:'
export const setupTokenIdentifier = (token: string) =>
  `${SETUP_TOKEN_PREFIX}${createHash('sha256').update(token).digest('hex')}`

/**
 * What a `/setup` link is, before anyone presses its button: `finished` once somebody is superAdmin,
 * `open` while its token is stored and unexpired, otherwise `spent`.
 */
export async function setupLinkState(db: Db, token: string, now: Date): Promise<SetupLinkState> {
  if (await hasSuperAdmin(db)) return 'finished'
  if (!token) return 'spent'
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, setupTokenIdentifier(token)), gt(verifications.expiresAt, now)))
  return row ? 'open' : 'spent'
}

export interface GettingStarted {
  items: GettingStartedLine[]
  complete: boolean
  dismissed: boolean
}

/** The checklist from one query of counts (superAdmins). */
export async function gettingStarted(
  ctx: RequestContext,
  reader: Db | Tx = ctx.services.db,
): Promise<GettingStarted> {
  authorize(ctx.actor, 'admin.settings')
  const [counts] = await executeRows<{
    settings: number
    events: number
    super_admins: number
    other_role_holders: number
    mailing_lists: number
    widget_subscribers: number
    marks: string[] | null
  }>(
    reader,
    sql`select
      (select count(*) from society_settings)::int as settings,
      (select count(*) from events)::int as events,
      (select count(*) from users where 'superAdmin' = any(roles))::int as super_admins,
      (select count(*) from users where cardinality(array_remove(roles, 'superAdmin')) > 0)::int
        as other_role_holders,
      (select count(*) from mailing_lists)::int as mailing_lists,
      (select count(*) from mailing_list_subscribers where source = 'widget')::int as widget_subscribers,
      (select array_agg(mark) from getting_started_marks) as marks`,
  )
  const marks = counts?.marks ?? []
  const items = gettingStartedChecklist({
    settingsSaved: (counts?.settings ?? 0) > 0,
    events: counts?.events ?? 0,
    superAdmins: counts?.super_admins ?? 0,
    otherRoleHolders: counts?.other_role_holders ?? 0,
    mailingLists: counts?.mailing_lists ?? 0,
    widgetSubscribers: counts?.widget_subscribers ?? 0,
    marked: MARKABLE_ITEMS.filter((item) => marks.includes(item)),
  })
  return { items, complete: checklistComplete(items), dismissed: marks.includes(DISMISSED) }
}

/** "Mark done" for an item the data cannot show (the widget). Marking twice is harmless. */
export async function markGettingStartedDone(
  ctx: RequestContext,
  item: GettingStartedItem,
): Promise<GettingStarted> {
  const actor = authorize(ctx.actor, 'admin.settings')
  if (!MARKABLE_ITEMS.includes(item)) {
    throw new AppError('BAD_REQUEST', 'This step ticks itself off once it is done: there is nothing to mark.')
  }
  return withTx(ctx, async (tx) => {
    await tx
      .insert(gettingStartedMarks)
      .values({ mark: item, markedBy: actor.id, markedAt: ctx.now() })
      .onConflictDoNothing()
    await auditChange(tx, ctx, {
      action: 'society.gettingStarted.mark',
      entityType: 'societySettings',
      entityId: '1',
      before: null,
      after: { item },
    })
    return gettingStarted(ctx, tx)
  })
}

/** Put the finished checklist away for good. Refused while a step is still open. */
export async function dismissGettingStarted(ctx: RequestContext): Promise<GettingStarted> {
  const actor = authorize(ctx.actor, 'admin.settings')
  return withTx(ctx, async (tx) => {
    const now = await gettingStarted(ctx, tx)
    if (!now.complete) {
      throw new AppError(
        'CONFLICT',
        'Finish every step first: the checklist can be put away once it is complete.',
      )
    }
    await tx
      .insert(gettingStartedMarks)
      .values({ mark: DISMISSED, markedBy: actor.id, markedAt: ctx.now() })
      .onConflictDoNothing()
    await auditChange(tx, ctx, {
      action: 'society.gettingStarted.dismiss',
      entityType: 'societySettings',
      entityId: '1',
      before: null,
      after: { dismissed: true },
    })
    return { ...now, dismissed: true }
  })
}
