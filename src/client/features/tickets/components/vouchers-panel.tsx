import { useWatch } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { DataTable, type DataColumn } from '#client/components/ui/data-table.tsx'
import { Checkbox, Form, Select, TextInput } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
import type { TicketVouchersQuery as Vouchers } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { VOUCHER_KINDS, VOUCHER_KIND_LABEL } from '#core/tickets/vouchers.ts'
import { useVouchers, type VoucherFormValues } from '../hooks/use-vouchers.ts'

type Voucher = Vouchers['ticketVouchers'][number]
const KIND_OPTIONS = VOUCHER_KINDS.map((k) => ({ value: k, label: VOUCHER_KIND_LABEL[k] }))

/**
 * The set-up page's Vouchers (decision 0049): the event's codes with what they do and how often they
 * were used, a Disable button each, and a form for a new one.
 */
export function VouchersPanel({
  eventSlug,
  types,
  timeZone,
}: {
  eventSlug: string
  types: readonly { id: string; name: string; hidden: boolean }[]
  timeZone: string
}) {
  const { query, form, submit, create, disable, disableOne } = useVouchers(eventSlug, timeZone)
  const kind = useWatch({ control: form.control, name: 'kind' })
  const nameOf = (id: string) => types.find((t) => t.id === id)?.name ?? 'a removed type'
  const columns: DataColumn<Voucher>[] = [
    {
      key: 'code',
      header: 'Code',
      rowHeader: true,
      cell: (v) => <span className="font-mono">{v.code}</span>,
    },
    { key: 'does', header: 'Does', cell: (v) => v.description },
    {
      key: 'for',
      header: 'Valid for',
      cell: (v) => (v.typeIds.length ? v.typeIds.map(nameOf).join(', ') : 'Every type'),
    },
    {
      key: 'uses',
      header: 'Uses',
      cell: (v) => (v.maxUses === null ? `${v.uses}` : `${v.uses} of ${v.maxUses}`),
    },
    {
      key: 'expires',
      header: 'Expires',
      cell: (v) => (v.expiresAt ? formatDateTime(v.expiresAt, timeZone) : 'Never'),
    },
    {
      key: 'state',
      header: 'State',
      cell: (v) =>
        v.disabled ? (
          'Disabled'
        ) : (
          <Button
            variant="secondary"
            aria-label={`Disable ${v.code}`}
            pending={disable.fetching}
            onClick={() => void disableOne(v.id, v.code)}
          >
            Disable
          </Button>
        ),
    },
  ]
  const eligible = kind === 'UNLOCK' ? types.filter((t) => t.hidden) : types
  return (
    <Panel as="section" aria-labelledby="vouchers-title">
      <h2 id="vouchers-title" className="text-lg font-semibold text-slate-900">
        Vouchers
      </h2>
      {query.data?.ticketVouchers.length ? (
        <div className="mt-3">
          <DataTable
            caption="Voucher codes"
            columns={columns}
            rows={query.data.ticketVouchers}
            rowKey={(v) => v.id}
          />
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No voucher codes yet.</p>
      )}
      {disable.message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {disable.message}
        </p>
      ) : null}
      <h3 className="mt-6 font-semibold text-slate-900">New voucher</h3>
      <Form form={form} onSubmit={submit} idPrefix="voucher" className="mt-2 grid gap-3 sm:grid-cols-2">
        <TextInput<VoucherFormValues> name="code" label="Code" required hint="Letters, digits and dashes." />
        <Select<VoucherFormValues> name="kind" label="What it does" options={KIND_OPTIONS} />
        {kind !== 'UNLOCK' ? (
          <TextInput<VoucherFormValues>
            name="amount"
            label={kind === 'PERCENT' ? 'Percent off' : 'Amount off (£)'}
            inputMode="decimal"
            required
          />
        ) : null}
        <TextInput<VoucherFormValues>
          name="maxUses"
          label="Most uses (optional)"
          inputMode="numeric"
          hint="Blank: no limit."
        />
        <TextInput<VoucherFormValues> name="expiresAt" label="Expires (optional)" type="datetime-local" />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-900">
            {kind === 'UNLOCK' ? 'Hidden types it unlocks' : 'Valid for (none ticked: every type)'}
          </legend>
          {eligible.length === 0 ? (
            <p className="text-sm text-slate-600">No hidden types: tick Hidden on a type first.</p>
          ) : (
            <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
              {eligible.map((t) => (
                <Checkbox<VoucherFormValues> key={t.id} name={`types.${t.id}`} label={t.name} />
              ))}
            </div>
          )}
        </fieldset>
        <div className="sm:col-span-2">
          <Button type="submit" pending={create.fetching}>
            Create voucher
          </Button>
          {create.message ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {create.message}
            </p>
          ) : null}
        </div>
      </Form>
    </Panel>
  )
}
