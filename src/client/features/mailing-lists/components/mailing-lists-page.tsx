import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { CreateMailingListMutation, MailingListsQuery } from '../graphql/mailing-lists.query.ts'
import { EMPTY_LIST, ListSettingsForm } from './list-settings-form.tsx'

/** `/admin/mailing-lists`: every list with its counts; create a list. */
export function MailingListsPage() {
  const query = useQuery({ query: MailingListsQuery, requestPolicy: 'cache-and-network' })
  const [creating, setCreating] = useState(false)
  const create = useAppMutation(CreateMailingListMutation, { report: 'inline' })
  const navigate = useNavigate()
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Mailing Lists · Stagedoor</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Mailing Lists</h1>
        {!creating ? <Button onClick={() => setCreating(true)}>New list</Button> : null}
      </div>
      {creating ? (
        <Panel as="section" aria-labelledby="new-list" className="mt-6">
          <h2 id="new-list" className="mb-4 text-lg font-bold text-brand-950">
            New list
          </h2>
          <ListSettingsForm
            initial={EMPTY_LIST}
            submitLabel="Create list"
            pending={create.fetching}
            fieldErrors={problemsByField(create.failure?.fields ?? [])}
            onSubmit={async (input) => {
              const outcome = await create.run({ input }, { success: `${input.name} created.` })
              if (outcome.ok) void navigate(`/admin/mailing-lists/${outcome.data.createMailingList.slug}`)
            }}
          />
          {create.message ? (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {create.message}
            </p>
          ) : null}
        </Panel>
      ) : null}
      <QueryView query={query} loadingLabel="Loading the lists…" what="the mailing lists" level={2}>
        {({ mailingLists }) =>
          mailingLists.length === 0 ? (
            <Panel as="p" className="mt-8 text-slate-700">
              No lists yet. Create one to start collecting subscribers.
            </Panel>
          ) : (
            <ul className="mt-8 grid gap-4" aria-label="Mailing lists">
              {mailingLists.map((list) => (
                <Panel as="li" key={list.id}>
                  <Link
                    to={`/admin/mailing-lists/${list.slug}`}
                    className="text-lg font-bold text-brand-800 underline-offset-2 hover:underline"
                  >
                    {list.name}
                  </Link>
                  <p className="text-sm text-slate-700">
                    {list.isPublic ? 'Public' : 'Private'} ·{' '}
                    {list.doubleOptIn ? 'double opt-in' : 'single opt-in'}
                  </p>
                  {list.description ? <p className="mt-1 text-slate-700">{list.description}</p> : null}
                  <p className="mt-2 text-sm text-slate-800">
                    {list.counts.subscribed} subscribed · {list.counts.unconfirmed} unconfirmed ·{' '}
                    {list.counts.unsubscribed} unsubscribed · {list.counts.bounced} bounced
                  </p>
                </Panel>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}
