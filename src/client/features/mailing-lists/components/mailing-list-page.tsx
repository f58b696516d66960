import { useEffect, type ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { embedSnippet } from '../frame-height.ts'
import { MailingListQuery, UpdateMailingListMutation } from '../graphql/mailing-lists.query.ts'
import { MessagesPanel } from './messages-panel.tsx'
import { ComposePanel } from './compose-panel.tsx'
import { EventParticipantsPanel } from './event-participants-panel.tsx'
import { ImportExportPanel } from './import-export-panel.tsx'
import { ListSettingsForm } from './list-settings-form.tsx'
import { SubscribersPanel } from './subscribers-panel.tsx'

/** `/admin/mailing-lists/{listSlug}`: settings, embed snippet, subscribers, import/export, sending. */
export function MailingListPage({ notFound }: { notFound: ReactNode }) {
  const { listSlug = '' } = useParams()
  const response = useQuery({
    query: MailingListQuery,
    variables: { slug: listSlug },
    requestPolicy: 'cache-and-network',
  })
  const [query, refetch] = response
  const update = useAppMutation(UpdateMailingListMutation, { report: 'inline' })
  const navigate = useNavigate()
  const sending = query.data?.mailingListMessages.some((m) => m.status === 'sending') ?? false
  useEffect(() => {
    if (!sending) return
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), 2000)
    return () => clearInterval(timer)
  }, [sending, refetch])

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-8 sm:py-12">
      <QueryView
        query={response}
        loadingLabel="Loading the list…"
        what="the mailing list"
        notFound={notFound}
      >
        {({ mailingList: list, mailingListMessages: messages, mailingLists: lists }) => (
          <>
            <title>{`${list.name} · Mailing Lists · Stagedoor`}</title>
            <p className="text-sm">
              <Link to="/admin/mailing-lists" className="text-brand-800 underline">
                Mailing Lists
              </Link>
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950">{list.name}</h1>
            <p className="mt-1 text-slate-700">
              {list.counts.subscribed} subscribed · {list.counts.unconfirmed} unconfirmed ·{' '}
              {list.counts.unsubscribed} unsubscribed · {list.counts.bounced} bounced
            </p>
            <ComposePanel
              slug={list.slug}
              subscribed={list.counts.subscribed}
              otherLists={lists.filter((l) => l.id !== list.id)}
              onSent={() => refetch({ requestPolicy: 'network-only' })}
            />
            <MessagesPanel messages={messages} onChange={() => refetch({ requestPolicy: 'network-only' })} />
            <SubscribersPanel slug={list.slug} />
            <EventParticipantsPanel
              slug={list.slug}
              onDone={() => refetch({ requestPolicy: 'network-only' })}
            />
            <ImportExportPanel slug={list.slug} />
            {list.isPublic ? (
              <Panel as="section" aria-labelledby="embed-title" className="mt-6">
                <h2 id="embed-title" className="text-lg font-bold text-brand-950">
                  Signup widget
                </h2>
                <p className="mt-1 text-sm text-slate-700">
                  Paste this into your website; the frame sizes itself.
                </p>
                <label htmlFor="embed-snippet" className="mt-3 block text-sm font-semibold text-slate-900">
                  Embed snippet
                </label>
                <textarea
                  id="embed-snippet"
                  readOnly
                  rows={9}
                  className="mt-1 w-full rounded-lg bg-slate-50 p-3 font-mono text-xs ring-1 ring-slate-300"
                  value={embedSnippet(window.location.origin, list.slug)}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </Panel>
            ) : null}
            <Panel as="section" aria-labelledby="settings-title" className="mt-6">
              <h2 id="settings-title" className="mb-4 text-lg font-bold text-brand-950">
                Settings
              </h2>
              <ListSettingsForm
                key={list.id}
                initial={{
                  name: list.name,
                  slug: list.slug,
                  description: list.description,
                  isPublic: list.isPublic,
                  doubleOptIn: list.doubleOptIn,
                  welcomeMessage: list.welcomeMessage,
                }}
                submitLabel="Save settings"
                pending={update.fetching}
                fieldErrors={problemsByField(update.failure?.fields ?? [])}
                onSubmit={async (input) => {
                  const outcome = await update.run({ slug: list.slug, input }, { success: 'Settings saved.' })
                  if (outcome.ok && outcome.data.updateMailingList.slug !== list.slug) {
                    void navigate(`/admin/mailing-lists/${outcome.data.updateMailingList.slug}`, {
                      replace: true,
                    })
                  }
                }}
              />
              {update.message ? (
                <p role="alert" className="mt-3 text-sm text-red-800">
                  {update.message}
                </p>
              ) : null}
            </Panel>
          </>
        )}
      </QueryView>
    </div>
  )
}
