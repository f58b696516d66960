import { societySettingsOf } from '#server/modules/settings/settings.queries.ts'
import { and, eq, inArray } from 'drizzle-orm'
import type { EventConfig } from '#core/events/event-config.schemas.ts'
import { applicationNavItems, CAST_STATUSES } from '#core/navigation/member-nav.ts'
import { RELEASE_NAMES, type AnnouncedRelease } from '#core/notifications/releases.ts'
import { PAGE_NAV_ITEM, grantingApplication } from '#core/participants/access.ts'
import type { RequestContext } from '#server/context.ts'
import type { Tx } from '#server/db/client.ts'
import { applications, profiles, users } from '#server/db/schema/index.ts'
import type { EventRow } from '#server/modules/events/find-visible-event.ts'
import { queuePush } from '#server/modules/push/send-push.ts'
import { toNavApplication, type NavWithPart } from './participant-access.ts'
import { mailGreeting, mailSafeText } from '#core/text/mail-text.ts'

interface Recipient {
  email: string
  name: string
  apps: NavWithPart[]
  /** The same applications under the old release flags: a page they could already open is not news. */
  before: NavWithPart[]
}

/**
 * Tell every accepted participant (CONFIRMED or PAID) who can now open a just-released page and could
 * not before (the same rule the sidebar and the server use; a sing-through's cast list is always
 * open) that it is out: one email each, and a push where they
 * turned notifications on, in the transaction that released it. Returns how many were told.
 */
export async function notifyReleases(
  ctx: RequestContext,
  tx: Tx,
  event: EventRow,
  change: { before: EventConfig; after: EventConfig },
  released: readonly AnnouncedRelease[],
): Promise<number> {
  if (released.length === 0) return 0
  const now = ctx.now()
  const society = await societySettingsOf(ctx.services, tx)
  const rows = await tx
    .select({
      application: applications,
      email: users.email,
      name: users.name,
      preferred: profiles.preferredName,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(profiles, eq(profiles.userId, applications.userId))
    .where(and(eq(applications.eventId, event.id), inArray(applications.status, [...CAST_STATUSES])))
  const byUser = new Map<string, Recipient>()
  for (const row of rows) {
    const recipient = byUser.get(row.application.userId) ?? {
      email: row.email,
      name: row.preferred || row.name,
      apps: [],
      before: [],
    }
    recipient.apps.push(toNavApplication(row.application, event, change.after, now))
    recipient.before.push(toNavApplication(row.application, event, change.before, now))
    byUser.set(row.application.userId, recipient)
  }
  let told = 0
  for (const [userId, recipient] of byUser) {
    const pages = released.flatMap((page) => {
      const granting = grantingApplication(page, recipient.apps, now)
      if (grantingApplication(page, recipient.before, now)) return []
      const path = granting && applicationNavItems(granting).find((i) => i.key === PAGE_NAV_ITEM[page])?.to
      return path ? [{ page, path }] : []
    })
    const first = pages[0]
    if (!first) continue
    const what = pages.map((p) => RELEASE_NAMES[p.page]).join(' and ')
    await ctx.services.mailer.queue(
      {
        to: recipient.email,
        subject: `The ${what} for ${event.title} ${pages.length > 1 ? 'are' : 'is'} out`,
        template: 'events.released',
        text: [
          mailGreeting(recipient.name),
          '',
          `The ${what} for ${event.title} ${pages.length > 1 ? 'have' : 'has'} been released. Read ${pages.length > 1 ? 'them' : 'it'} on ${mailSafeText(society.name)}:`,
          ...pages.map((p) => `${ctx.services.config.appUrl}${p.path}`),
        ].join('\n'),
      },
      tx,
    )
    await queuePush(ctx.services, tx, {
      kind: 'releases',
      userId,
      message: {
        title: `${capitalise(what)} released`,
        body: `${event.title}: the ${what} ${pages.length > 1 ? 'are' : 'is'} out.`,
        url: first.path,
        tag: `release-${event.id}-${pages.map((p) => p.page).join('-')}`,
      },
    })
    told++
  }
  return told
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
