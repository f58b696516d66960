import { useForm } from 'react-hook-form'
import { useQuery } from 'urql'
import { zodResolver } from '#client/components/ui/form/index.ts'
import { fromDateTimeLocal } from '#client/lib/datetime-local.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { voucherInputSchema, type VoucherKind } from '#core/tickets/vouchers.ts'
import { poundsToPence } from '../ticket-type-form-values.ts'
import {
  CreateTicketVoucherMutation,
  DisableTicketVoucherMutation,
  TicketVouchersQuery,
} from '../graphql/ticket-setup.queries.ts'

/** The new-voucher form as typed. */
export interface VoucherFormValues {
  code: string
  kind: VoucherKind
  /** PERCENT: "10"; FIXED: pounds, "5.00". */
  amount: string
  /** Per ticket type id: whether the code is valid for it (none ticked: every type). */
  types: Record<string, boolean>
  /** Blank: no limit. */
  maxUses: string
  /** datetime-local, blank: no expiry. */
  expiresAt: string
}

const EMPTY: VoucherFormValues = {
  code: '',
  kind: 'PERCENT',
  amount: '',
  types: {},
  maxUses: '',
  expiresAt: '',
}

/** The form's values as the API's TicketVoucherInput (checked by core's voucherInputSchema). */
export function voucherInput(values: VoucherFormValues, timeZone: string) {
  const amountText = values.amount.trim()
  return {
    code: values.code.trim(),
    kind: values.kind,
    amount:
      values.kind === 'UNLOCK'
        ? 0
        : values.kind === 'FIXED'
          ? poundsToPence(amountText)
          : amountText === ''
            ? Number.NaN
            : Number(amountText),
    typeIds: Object.entries(values.types)
      .filter(([, on]) => on)
      .map(([id]) => id),
    maxUses: values.maxUses.trim() === '' ? null : Number(values.maxUses.trim()),
    expiresAt: values.expiresAt ? (fromDateTimeLocal(values.expiresAt, timeZone) ?? 'invalid') : null,
  }
}

/** The set-up page's Vouchers panel (decision 0049): the list, create, disable. */
export function useVouchers(eventSlug: string, timeZone: string) {
  const [query, reexecute] = useQuery({ query: TicketVouchersQuery, variables: { eventSlug } })
  const refresh = () => reexecute({ requestPolicy: 'network-only' })
  const create = useAppMutation(CreateTicketVoucherMutation, { report: 'inline' })
  const disable = useAppMutation(DisableTicketVoucherMutation, { report: 'inline' })
  const form = useForm<VoucherFormValues>({
    defaultValues: EMPTY,
    resolver: zodResolver<VoucherFormValues>(voucherInputSchema, {
      toInput: (values) => voucherInput(values, timeZone),
      pathOf: (path) => (path[0] === 'typeIds' ? 'types' : path.map(String).join('.')),
    }),
  })
  const submit = async (values: VoucherFormValues) => {
    const r = await create.run(
      { eventSlug, input: voucherInput(values, timeZone) },
      { success: `Voucher ${values.code.trim().toUpperCase()} created.`, form: { setError: form.setError } },
    )
    if (!r.ok) return
    form.reset(EMPTY)
    refresh()
  }
  const disableOne = async (voucherId: string, code: string) => {
    const r = await disable.run({ eventSlug, voucherId }, { success: `${code} disabled.` })
    if (r.ok) refresh()
  }
  return { query, form, submit, create, disable, disableOne }
}
