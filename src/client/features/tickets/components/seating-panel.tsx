import { useForm, useWatch } from 'react-hook-form'
import { useQuery } from 'urql'
import { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import type { TicketSeatingQuery as SeatingData } from '#client/gql/graphql.ts'
import { toCsv } from '#client/lib/csv.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SEAT_LABEL_MAX, TABLE_SIZE_MAX, TABLE_SIZE_MIN, tableSizeSchema } from '#core/tickets/seating.ts'
import {
  AssignSeatMutation,
  AutoSeatTablesMutation,
  SetTicketSeatingMutation,
  TicketSeatingQuery,
} from '../graphql/seating.queries.ts'

type Seating = SeatingData['ticketSeating']
type Ticket = Seating['tickets'][number]

/** The seating table's columns: the seat (or table) is a field of its own per row. */
const seatColumns = (tables: boolean, onDone: () => void): DataColumn<Ticket>[] => [
  {
    key: 'holder',
    header: 'Holder',
    rowHeader: true,
    className: 'min-w-36 max-w-44 sm:max-w-none',
    cell: (t) => (
      <>
        {t.attendeeName}
        <span className="block text-xs font-normal text-slate-500 [overflow-wrap:anywhere]">
          {t.holderEmail}
        </span>
      </>
    ),
  },
  {
    key: 'seat',
    header: tables ? 'Table' : 'Seat',
    cell: (t) => <SeatField ticket={t} tables={tables} onDone={onDone} />,
  },
  { key: 'group', header: 'Group', cell: (t) => t.groupName ?? '–' },
  { key: 'type', header: 'Type', cell: (t) => t.typeName },
  {
    key: 'order',
    header: 'Order',
    cell: (t) => (
      <>
        {t.orderReference}
        <span className="block text-xs text-slate-500">{t.buyerName}</span>
      </>
    ),
  },
]

/** The seating as CSV: one line per live ticket, built in the browser from what the panel shows. */
export function seatingCsv(tickets: Ticket[]): string {
  return toCsv(
    ['seat', 'attendee', 'holder_email', 'type', 'order_reference', 'buyer', 'group', 'status'],
    tickets.map((t) => [
      t.seatText ?? '',
      t.attendeeName,
      t.holderEmail,
      t.typeName,
      t.orderReference,
      t.buyerName,
      t.groupName ?? '',
      t.status,
    ]),
  )
}

/**
 * The Seating panel of Ticket Allocation (superAdmin, ticketAdmin): numbered seats or tables of N,
 * every live ticket's seat editable, "Seat at tables of N" for the unseated, and the CSV.
 */
export function SeatingPanel({ eventSlug }: { eventSlug: string }) {
  const [query, reexecute] = useQuery({
    query: TicketSeatingQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const seating = query.data?.ticketSeating
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  return (
    <Panel as="section" aria-labelledby="seating-heading">
      <h2 id="seating-heading" className="text-lg font-semibold">
        Seating
      </h2>
      {seating ? (
        <SeatingBody seating={seating} onDone={refresh} />
      ) : query.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The seating could not be loaded.
        </p>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Loading the seating…</p>
      )}
    </Panel>
  )
}

/** The table size as typed, checked as the server checks it. */
const tableSizeForm = z.object({ tableSize: tableSizeSchema })
const toTableSize = (values: { tableSize: string }) => ({
  tableSize: values.tableSize.trim() === '' ? Number.NaN : Number(values.tableSize),
})

function SeatingBody({ seating, onDone }: { seating: Seating; onDone: () => void }) {
  const form = useForm<{ tableSize: string }>({
    defaultValues: { tableSize: String(seating.tableSize ?? 8) },
    resolver: zodResolver(tableSizeForm, { toInput: toTableSize }),
  })
  const size = useWatch({ control: form.control, name: 'tableSize' })
  const auto = useAppMutation(AutoSeatTablesMutation, { report: 'inline' })
  const mode = useAppMutation(SetTicketSeatingMutation, { report: 'inline' })
  const n = Number(size)
  const seated = seating.tickets.filter((t) => t.seat).length
  const tables = seating.mode === 'TABLES'
  return (
    <>
      <p className="text-sm text-slate-600">
        {tables ? `Tables of ${seating.tableSize}` : 'Numbered seats (one ticket each)'} · {seated} of{' '}
        {seating.tickets.length} live tickets seated.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Seating at tables gives every unseated ticket a table: a ballot group and an order sit together, and
        seats already given stay.
      </p>
      <Form
        form={form}
        idPrefix="seating"
        summary={false}
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={async (values) => {
          const r = await auto.run(
            { eventSlug: seating.eventSlug, tableSize: toTableSize(values).tableSize },
            {
              success: (d) =>
                `Seated ${d.autoSeatTables.seated} tickets; tables 1 to ${d.autoSeatTables.tables} in use.`,
            },
          )
          if (r.ok) onDone()
        }}
      >
        <TextInput
          name="tableSize"
          label="Table size"
          type="number"
          inputMode="numeric"
          min={TABLE_SIZE_MIN}
          max={TABLE_SIZE_MAX}
          className="w-32"
        />
        <Button type="submit" pending={auto.fetching}>
          Seat at tables of {Number.isInteger(n) && n > 0 ? n : 'N'}
        </Button>
        {tables ? (
          <Button
            type="button"
            variant="secondary"
            pending={mode.fetching}
            onClick={async () => {
              const r = await mode.run(
                { eventSlug: seating.eventSlug, mode: 'SEATS', tableSize: null },
                { success: 'Seating switched to numbered seats.' },
              )
              if (r.ok) onDone()
            }}
          >
            Use numbered seats instead
          </Button>
        ) : null}
      </Form>
      {auto.message || mode.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {auto.message ?? mode.message}
        </p>
      ) : null}
      {seating.tickets.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No live tickets yet.</p>
      ) : (
        <>
          <a
            className="mt-3 inline-block text-sm font-semibold text-indigo-700 underline"
            download={`${seating.eventSlug}-seating.csv`}
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(seatingCsv(seating.tickets))}`}
          >
            Export seating (CSV)
          </a>
          <DataTable
            caption="Tickets and their seats"
            frameClassName="mt-3"
            columns={seatColumns(tables, onDone)}
            rows={seating.tickets}
            // The seat in the key: a seat saved elsewhere (the planner) starts the row's field afresh.
            rowKey={(t) => `${t.id}:${t.seat ?? ''}`}
          />
        </>
      )}
    </>
  )
}

function SeatField({ ticket: t, tables, onDone }: { ticket: Ticket; tables: boolean; onDone: () => void }) {
  const form = useForm<{ seat: string }>({ defaultValues: { seat: t.seat ?? '' } })
  const value = useWatch({ control: form.control, name: 'seat' })
  const assign = useAppMutation(AssignSeatMutation, { report: 'inline' })
  const word = tables ? 'Table' : 'Seat'
  const changed = value.trim() !== (t.seat ?? '')
  return (
    <Form
      form={form}
      idPrefix={`seat-${t.id}`}
      summary={false}
      className="flex flex-col items-start gap-2 sm:flex-row"
      onSubmit={async ({ seat }) => {
        const r = await assign.run(
          { ticketId: t.id, seat: seat.trim() || null },
          { success: (d) => `${t.attendeeName}: ${d.assignSeat.seatText ?? `no ${word.toLowerCase()}`}.` },
        )
        if (r.ok) onDone()
        // NOTE: the server's refusal (a full table, a seat taken) is about this one field.
        else if (r.message) form.setError('seat', { type: 'server', message: r.message })
      }}
    >
      <TextInput
        name="seat"
        label={`${word} for ${t.attendeeName}`}
        className="w-24 sm:w-28 [&_label]:sr-only"
        maxLength={SEAT_LABEL_MAX}
        data-seat-text={t.seatText ?? ''}
      />
      <Button type="submit" variant="secondary" pending={assign.fetching} disabled={!changed}>
        Save
      </Button>
    </Form>
  )
}
