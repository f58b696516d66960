import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { useQuery } from 'urql'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable } from '#client/components/ui/data-table.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import { DateInput, Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import type { AuditEntityType } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { AuditLogQuery } from '../graphql/audit-log.query.ts'
import { activityWording, sentenceCase } from '#core/audit/activity-wording.ts'
import { auditDetails } from '#core/audit/audit-details.ts'

const PAGE = 50

/** Each kind of record in words (the GraphQL enum names them; one word for each, by type). */
const RECORD_KINDS: Record<AuditEntityType, string> = {
  ANNOUNCEMENT: 'Announcement',
  APPLICATION: 'Application',
  BALLOT_REQUEST: 'Ballot request',
  EMAIL_TEMPLATE: 'Email template',
  EVENT: 'Event',
  FILE: 'File',
  JOB: 'Background job',
  LEARNING_TRACK: 'Learning track',
  MAILING_LIST: 'Mailing list',
  MAILING_LIST_MESSAGE: 'Mailing',
  MAILING_LIST_SUBSCRIBER: 'Mailing list subscriber',
  MAILING_LIST_TEMPLATE: 'Mailing template',
  OUTBOX: 'Email',
  PROFILE: 'Profile',
  SOCIETY_SETTINGS: 'Society settings',
  TICKET: 'Ticket',
  TICKET_ORDER: 'Ticket order',
  TICKET_TYPE: 'Ticket type',
  TICKET_VOUCHER: 'Voucher code',
  TICKET_WAITLIST: 'Ticket waiting list',
  USER: 'Account',
}
const KIND_OPTIONS = Object.entries(RECORD_KINDS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'en-GB'))

/** Whether a kind from the address or the form is one (an old or mistyped link filters by nothing). */
function isRecordKind(value: string): value is AuditEntityType {
  return Object.hasOwn(RECORD_KINDS, value)
}

interface AuditFilter {
  actor: string
  entityType: string
  entityId: string
  from: string
  to: string
}

/** `/admin/system/audit`: who changed or looked at what, filtered by actor, kind of record and date; paged. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams()
  const filter: AuditFilter = {
    actor: params.get('actor') ?? '',
    entityType: params.get('entity') ?? '',
    entityId: params.get('entityId') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  }
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0)
  const form = useForm<AuditFilter>({ defaultValues: filter })
  const query = useQuery({
    query: AuditLogQuery,
    variables: {
      actor: filter.actor || null,
      entityType: isRecordKind(filter.entityType) ? filter.entityType : null,
      entityId: filter.entityId || null,
      from: filter.from || null,
      to: filter.to || null,
      limit: PAGE,
      offset: page * PAGE,
    },
    requestPolicy: 'cache-and-network',
  })
  function apply(draft: AuditFilter) {
    const next = new URLSearchParams()
    if (draft.actor) next.set('actor', draft.actor)
    if (draft.entityType) next.set('entity', draft.entityType)
    if (draft.entityId) next.set('entityId', draft.entityId)
    if (draft.from) next.set('from', draft.from)
    if (draft.to) next.set('to', draft.to)
    setParams(next)
  }
  const goTo = (p: number) => {
    const next = new URLSearchParams(params)
    next.set('page', String(p))
    setParams(next)
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Audit log · Admin · Stagedoor</title>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950 sm:text-4xl">Audit log</h1>
      <Form
        form={form}
        onSubmit={apply}
        idPrefix="audit"
        summary={false}
        className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
      >
        <TextInput<AuditFilter> name="actor" label="Actor" />
        <Select<AuditFilter> name="entityType" label="Record kind" options={KIND_OPTIONS} placeholder="Any" />
        <TextInput<AuditFilter> name="entityId" label="Record id" />
        <DateInput<AuditFilter> name="from" label="From" />
        <DateInput<AuditFilter> name="to" label="To" />
        <Button type="submit">Filter</Button>
      </Form>
      <div className="mt-6">
        <QueryView query={query} loadingLabel="Loading the audit log…" what="the audit log" level={2}>
          {({ auditLog }) => (
            <>
              <DataTable
                caption="Audit entries"
                columns={[
                  { key: 'at', header: 'When', cell: (e) => formatDateTime(e.createdAt) },
                  { key: 'actor', header: 'Who', rowHeader: true, cell: (e) => e.actor?.name ?? 'The app' },
                  { key: 'action', header: 'What', cell: (e) => sentenceCase(activityWording(e.action)) },
                  {
                    key: 'entity',
                    header: 'Record',
                    cell: (e) =>
                      `${RECORD_KINDS[e.entityType]}${e.entityId ? ` ${e.entityId.slice(0, 8)}` : ''}`,
                  },
                  { key: 'details', header: 'Details', cell: (e) => auditDetails(e.after) },
                ]}
                rows={auditLog}
                rowKey={(e) => e.id}
                density="compact"
              />
              <nav aria-label="Pages" className="mt-3 flex gap-3">
                <Button variant="secondary" disabled={page === 0} onClick={() => goTo(page - 1)}>
                  Newer
                </Button>
                <Button variant="secondary" disabled={auditLog.length < PAGE} onClick={() => goTo(page + 1)}>
                  Older
                </Button>
              </nav>
            </>
          )}
        </QueryView>
      </div>
    </div>
  )
}
