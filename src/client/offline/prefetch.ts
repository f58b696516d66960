// Fetched ahead (issue 19, decision 0028): once the sidebar's data has arrived, at idle, the pages it
// grants for each event the member is on (info pack and its attachments, venue access, cast list, part
// breakdown) and the member's tickets are fetched with the very queries and variables the pages send,
// so the service worker keeps them under the keys the pages will ask for offline. Loaded lazily by the
// sidebar (navigation/hooks/use-member-sidebar.ts) in production builds only.
import type { DocumentNode } from 'graphql'
import type { Client } from 'urql'
import {
  CastListDocument,
  InfoPackDocument,
  MyTicketsDocument,
  NavItemsQueryDocument,
  PartBreakdownDocument,
  VenueAccessDocument,
} from '#client/gql/graphql.ts'
import { keepFile, keptSize, offlineSession, offlineWritesOpen, putKept } from '#client/lib/offline-keep.ts'
import { navApplicationsOf, offlinePlan, planKey, type PlannedQuery } from '#client/sw/offline-plan.ts'
import { MEMBER_CACHE } from '#client/sw/offline-rules.ts'

const DOCUMENTS: Record<string, DocumentNode> = {
  CastList: CastListDocument,
  InfoPack: InfoPackDocument,
  MyTickets: MyTicketsDocument,
  PartBreakdown: PartBreakdownDocument,
  VenueAccess: VenueAccessDocument,
}

/** At most one run per this long for the same sidebar (a changed sidebar runs at once). */
export const PREFETCH_EVERY_MS = 5 * 60_000

interface LastRun {
  at: number
  key: string
}

let running = false

// NOTE: the last run is noted in the member bucket itself, so sign-out (which deletes the bucket)
// forgets it too and the next member's sign-in fetches ahead at once.
const lastRunUrl = () => `${window.location.origin}/__offline/prefetched`

async function lastRun(): Promise<LastRun | null> {
  const kept = await caches.match(lastRunUrl(), { cacheName: MEMBER_CACHE })
  return kept ? ((await kept.json().catch(() => null)) as LastRun | null) : null
}

async function noteRun(run: LastRun, since: number): Promise<void> {
  await putKept(MEMBER_CACHE, lastRunUrl(), Response.json(run), since)
}

/**
 * Fetch ahead for the sidebar's applications (NavItemsQuery's `myApplications`), at idle, when online
 * and a service worker controls the page; not again for the same sidebar within PREFETCH_EVERY_MS.
 */
export async function scheduleOfflinePrefetch(client: Client, myApplications: unknown): Promise<void> {
  const applications = navApplicationsOf(myApplications)
  if (!applications || !('serviceWorker' in navigator) || typeof caches === 'undefined') return
  const plan = offlinePlan(applications, new Date())
  // The applications' ids make the key the member's own.
  const key = `${applications.map((a) => a.id).join(',')}#${planKey(plan)}`
  const last = await lastRun()
  if (last && last.key === key && Date.now() - last.at < PREFETCH_EVERY_MS) return
  whenControlled(() => idle(() => void run(client, plan.queries, key)))
}

function whenControlled(then: () => void): void {
  if (navigator.serviceWorker.controller) then()
  else navigator.serviceWorker.addEventListener('controllerchange', then, { once: true })
}

function idle(then: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(then, { timeout: 10_000 })
  else setTimeout(then, 2_000)
}

async function run(client: Client, queries: readonly PlannedQuery[], key: string): Promise<void> {
  if (running || !navigator.onLine || !offlineWritesOpen()) return
  running = true
  // A sign-out while this runs: nothing it fetched is kept, and it notes no run.
  const since = offlineSession()
  const signedOutSince = () => since !== offlineSession() || !offlineWritesOpen()
  try {
    // The sidebar's own answer first: it may have arrived before the worker took control (a sign-in
    // on the login page), and an offline start needs it to know which pages are the member's.
    const sidebar = await client
      .query(NavItemsQueryDocument, {}, { requestPolicy: 'network-only' })
      .toPromise()
    // No sidebar (signed out before this ran): nothing to fetch ahead, and no run to note.
    if (!sidebar.data) return
    for (const query of queries) {
      if (signedOutSince()) return
      const document = DOCUMENTS[query.operationName]
      if (!document) continue
      const result = await client
        .query(document, query.variables, { requestPolicy: 'network-only' })
        .toPromise()
      if (query.operationName === 'InfoPack' && query.eventSlug) {
        await keepAttachments(result.data, query.eventSlug)
      }
    }
    await noteRun({ at: Date.now(), key }, since)
  } catch {
    // Offline half-way, storage full: the next run tries again.
  } finally {
    running = false
  }
}

/** The info pack's attachments, each kept once (the path does not change; the file behind it neither). */
async function keepAttachments(data: unknown, eventSlug: string): Promise<void> {
  const pack = (data as { participantInfoPack?: { attachments?: { url: string }[] } } | undefined)
    ?.participantInfoPack
  for (const attachment of pack?.attachments ?? []) {
    if ((await keptSize(attachment.url, MEMBER_CACHE)) !== null) continue
    await keepFile(attachment.url, { cacheName: MEMBER_CACHE, event: eventSlug, kind: 'attachment' }).catch(
      () => undefined,
    )
  }
}
