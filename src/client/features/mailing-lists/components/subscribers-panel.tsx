import { useState, type FormEvent } from 'react'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable } from '#client/components/ui/data-table.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'
import { EmailText } from '#client/components/ui/email-text.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import {
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from '#core/mailing-lists/mailing-list.ts'
import { formatDate } from '#client/lib/format.ts'
import { problemsByField } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { EraseSubscriberMutation, MarkBouncedMutation } from '../graphql/list-maintenance.query.ts'
import { AddSubscriberMutation, MailingListSubscribersQuery } from '../graphql/mailing-lists.query.ts'

const PAGE = 50

/** Subscribers: searched, filtered and paged by the server (lists of 50,000); add one by hand. */
export function SubscribersPanel({ slug }: { slug: string }) {
  const [search, setSearch] = useState('')
  const [applied, setApplied] = useState('')
  const [status, setStatus] = useState<SubscriberStatus | ''>('')
  const [offset, setOffset] = useState(0)
  const [query, reexecute] = useQuery({
    query: MailingListSubscribersQuery,
    variables: { slug, search: applied || null, status: status || null, offset, limit: PAGE },
    requestPolicy: 'cache-and-network',
  })
  const page = query.data?.mailingListSubscribers
  const bounce = useAppMutation(MarkBouncedMutation)
  const erase = useAppMutation(EraseSubscriberMutation)
  const [erasing, setErasing] = useState<{ id: string; email: string } | null>(null)
  async function onErase() {
    if (!erasing) return
    const outcome = await erase.run(
      { slug, subscriberId: erasing.id },
      { success: `${erasing.email} erased from every mailing list.` },
    )
    setErasing(null)
    if (outcome.ok) reexecute({ requestPolicy: 'network-only' })
  }
  const onSearch = (event: FormEvent) => {
    event.preventDefault()
    setApplied(search)
    setOffset(0)
  }
  return (
    <Panel as="section" aria-labelledby="subscribers-title" className="mt-6">
      <h2 id="subscribers-title" className="text-lg font-bold text-brand-950">
        Subscribers
      </h2>
      <form onSubmit={onSearch} role="search" className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          label="Search email or name"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-w-0 grow"
        />
        <div>
          <label htmlFor="status-filter" className="block text-sm font-semibold text-slate-900">
            Status
          </label>
          <select
            id="status-filter"
            className={`mt-1 ${fieldClass()}`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as SubscriberStatus | '')
              setOffset(0)
            }}
          >
            <option value="">Any</option>
            {SUBSCRIBER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {SUBSCRIBER_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {erasing ? (
        <Dialog title={`Erase ${erasing.email}?`} onClose={() => setErasing(null)}>
          <p className="text-slate-800">
            For a request to be forgotten: the address comes off every mailing list, its unsent list mail is
            dropped and its history no longer names it. This cannot be undone. A member&rsquo;s account with
            this address is not deleted.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button data-autofocus variant="secondary" onClick={() => setErasing(null)}>
              Cancel
            </Button>
            <Button pending={erase.fetching} onClick={() => void onErase()}>
              Erase everywhere
            </Button>
          </div>
        </Dialog>
      ) : null}
      <p className="mt-3 text-sm text-slate-700" role="status">
        {page
          ? page.total === 0
            ? 'No subscribers match.'
            : `Showing ${String(page.offset + 1)}–${String(page.offset + page.items.length)} of ${String(page.total)}`
          : query.error
            ? 'The subscribers could not be loaded.'
            : 'Loading…'}
      </p>
      {page && page.items.length > 0 ? (
        <DataTable
          caption="Subscribers"
          columns={[
            {
              key: 'email',
              header: 'Email',
              rowHeader: true,
              cell: (s) => <EmailText email={s.email} />,
            },
            { key: 'name', header: 'Name', cell: (s) => s.name },
            { key: 'status', header: 'Status', cell: (s) => SUBSCRIBER_STATUS_LABELS[s.status] },
            { key: 'source', header: 'Source', cell: (s) => s.source },
            { key: 'joined', header: 'Joined', cell: (s) => formatDate(s.createdAt) },
            {
              key: 'actions',
              header: 'Actions',
              hideHeader: true,
              cell: (s) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Erase ${s.email}`}
                    onClick={() => setErasing({ id: s.id, email: s.email })}
                  >
                    Erase
                  </Button>
                  {s.status === 'subscribed' || s.status === 'unconfirmed' ? (
                    <Button
                      variant="secondary"
                      aria-label={`Mark bounced: ${s.email}`}
                      onClick={() =>
                        void bounce.run(
                          { slug, subscriberId: s.id },
                          { success: `${s.email} marked bounced.` },
                        )
                      }
                    >
                      Mark bounced
                    </Button>
                  ) : null}
                </div>
              ),
            },
          ]}
          rows={page.items}
          rowKey={(s) => s.id}
          frame="bare"
          frameClassName="mt-2"
          density="compact"
        />
      ) : null}
      {page && page.total > PAGE ? (
        <div className="mt-3 flex gap-3">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={offset + PAGE >= page.total}
            onClick={() => setOffset(offset + PAGE)}
          >
            Next
          </Button>
        </div>
      ) : null}
      <AddSubscriberForm slug={slug} />
    </Panel>
  )
}

function AddSubscriberForm({ slug }: { slug: string }) {
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const add = useAppMutation(AddSubscriberMutation, { report: 'inline' })
  const errors = problemsByField(add.failure?.fields ?? [])
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const outcome = await add.run({ slug, email, name }, { success: `${email} added.` })
    if (outcome.ok) {
      setEmail('')
      setName('')
    }
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-6 flex flex-wrap items-end gap-3"
      aria-label="Add a subscriber"
    >
      <TextField
        label="Add an email"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email ?? (errors.email ? null : add.message)}
        className="min-w-0 grow"
      />
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        className="min-w-0 grow"
      />
      <Button type="submit" variant="secondary" pending={add.fetching}>
        Add subscriber
      </Button>
    </form>
  )
}
