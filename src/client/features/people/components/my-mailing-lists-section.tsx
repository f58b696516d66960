import { useId, useState } from 'react'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { MyMailingListsQuery, SetMyMailingListMutation } from '../graphql/my-profile.query.ts'

/** The society's public mailing lists, each a checkbox: ticked means your address is on it. */
export function MyMailingListsSection() {
  const id = useId()
  const query = useQuery({ query: MyMailingListsQuery, requestPolicy: 'cache-and-network' })
  const set = useAppMutation(SetMyMailingListMutation)
  const [status, setStatus] = useState('')
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Mailing lists
      </h2>
      <QueryView query={query} loadingLabel="Loading mailing lists…" what="your mailing lists" level={2}>
        {({ myMailingLists }) =>
          myMailingLists.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">The society has no public mailing lists yet.</p>
          ) : (
            <ul className="mt-3 grid gap-3">
              {myMailingLists.map((list) => (
                <li key={list.slug}>
                  <label className="flex items-start gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4"
                      checked={list.subscribed}
                      onChange={async (e) => {
                        const subscribed = e.target.checked
                        setStatus('')
                        const outcome = await set.run({ slug: list.slug, subscribed })
                        if (outcome.ok) {
                          setStatus(
                            subscribed ? `Subscribed to ${list.name}.` : `Unsubscribed from ${list.name}.`,
                          )
                        }
                      }}
                    />
                    <span>
                      <span className="font-semibold">{list.name}</span>
                      {list.description ? (
                        <span className="block text-slate-600">{list.description}</span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <p role="status" className="mt-2 text-sm font-semibold text-green-800 empty:hidden">
        {status}
      </p>
    </Panel>
  )
}
