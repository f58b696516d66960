import { useId } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { formatDateRange } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SetSocialListOptInMutation, SocialListQuery } from '../graphql/participants.queries.ts'

/** `/social-list`: upcoming socials and, for members who opt in, who is going. */
export function SocialListPage() {
  const query = useQuery({ query: SocialListQuery, requestPolicy: 'cache-and-network' })
  const saving = useAppMutation(SetSocialListOptInMutation, {
    report: 'inline',
    fallback: 'Could not save. Try again.',
  })
  const toggleId = useId()
  const [, reexecute] = query
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Social list · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Social list</h1>
      <QueryView query={query} loadingLabel="Loading the social list…" what="the social list" level={2}>
        {({ socialList }) => (
          <>
            {socialList.signedIn ? (
              <Panel className="mt-6 flex items-start gap-3">
                <input
                  id={toggleId}
                  type="checkbox"
                  className="mt-1 size-5 accent-brand-700"
                  checked={socialList.optIn ?? false}
                  disabled={saving.fetching}
                  onChange={async (e) => {
                    await saving.run({ optIn: e.target.checked })
                    reexecute({ requestPolicy: 'network-only' })
                  }}
                />
                <label htmlFor={toggleId} className="text-slate-800">
                  <span className="font-semibold">Show me as going</span> on the socials I have a place at.
                  Only signed-in members see the list.
                </label>
                {saving.message ? (
                  <p role="alert" className="text-red-800">
                    {saving.message}
                  </p>
                ) : null}
              </Panel>
            ) : null}
            {socialList.events.length === 0 ? (
              <Panel as="p" className="mt-6 text-slate-700">
                No upcoming socials.
              </Panel>
            ) : (
              <ul className="mt-6 space-y-4">
                {socialList.events.map((e) => {
                  const going = socialList.going.filter((g) => g.eventSlug === e.slug)
                  return (
                    <Panel as="li" key={e.slug}>
                      <h2 className="text-lg font-bold text-brand-950">
                        <Link to={`/events/${encodeURIComponent(e.slug)}`} className="underline">
                          {e.title}
                        </Link>
                      </h2>
                      <p className="text-sm text-slate-700">
                        {formatDateRange(e.startDate, e.endDate)}
                        {e.venue ? ` · ${e.venue}` : ''}
                      </p>
                      {socialList.signedIn ? (
                        going.length ? (
                          <p className="mt-2 text-slate-800">
                            Going:{' '}
                            {going.map((g) => (g.pronouns ? `${g.name} (${g.pronouns})` : g.name)).join(', ')}
                          </p>
                        ) : (
                          <p className="mt-2 text-slate-600">Nobody listed yet.</p>
                        )
                      ) : null}
                    </Panel>
                  )
                })}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </div>
  )
}
