import { useRef, useState, useSyncExternalStore } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useQuery } from 'urql'
import { zodResolver } from '#client/components/ui/form/index.ts'
import type { SellAtBoxOfficeMutation as Sold } from '#client/gql/graphql.ts'
import type { PlacedProblems } from '#client/lib/mutation-failure.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { basketCount } from '#core/tickets/basket.ts'
import { boxOfficeSaleSchema, boxOfficeTotal } from '#core/tickets/box-office.ts'
import type { DoorPaymentMethod } from '#core/tickets/door.ts'
import { BoxOfficeQuery, SellAtBoxOfficeMutation } from '../graphql/box-office.queries.ts'

export type BoxOfficeSold = Sold['sellAtBoxOffice']

export interface BoxOfficeValues {
  /** Per ticket type id, as each select holds it: "0", "1"… */
  quantities: Record<string, string>
  buyerName: string
  email: string
  method: DoorPaymentMethod
  checkIn: boolean
}

const DEFAULTS: BoxOfficeValues = { quantities: {}, buyerName: '', email: '', method: 'CASH', checkIn: true }

const onConnectivity = (change: () => void) => {
  window.addEventListener('online', change)
  window.addEventListener('offline', change)
  return () => {
    window.removeEventListener('online', change)
    window.removeEventListener('offline', change)
  }
}

/** Whether the browser says it is online, re-rendering when that changes. */
function useOnline(): boolean {
  return useSyncExternalStore(
    onConnectivity,
    () => navigator.onLine,
    () => true,
  )
}

/** The same sale's request again after a lost answer keeps its key; anything else gets a new one. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `box-office-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The door's box office (decision 0050): quantities per type, an optional name and email, cash or
 * card, "check them in now"; the total to take is shown before confirming; after the sale, the order.
 * It needs the network: offline it says so and sells nothing.
 */
export function useBoxOffice(eventSlug: string, onSold: () => void) {
  const [query, refetch] = useQuery({
    query: BoxOfficeQuery,
    variables: { eventSlug },
    requestPolicy: 'cache-and-network',
  })
  const types = query.data?.boxOffice.types ?? []
  const sellable = types.filter((t) => t.sellable)
  const linesOf = (values: BoxOfficeValues) =>
    sellable
      .map((t) => ({ ticketTypeId: t.id, quantity: Number(values.quantities?.[t.id] ?? '0') }))
      .filter((l) => l.quantity > 0)
  const first = sellable[0]?.id ?? ''
  const form = useForm<BoxOfficeValues>({
    defaultValues: DEFAULTS,
    resolver: zodResolver<BoxOfficeValues>(boxOfficeSaleSchema.omit({ eventSlug: true }), {
      toInput: (values) => ({ ...values, lines: linesOf(values) }),
      pathOf: (path) => (path[0] === 'lines' ? `quantities.${first}` : path.map(String).join('.')),
    }),
  })
  const quantities = useWatch({ control: form.control, name: 'quantities' })
  const method = useWatch({ control: form.control, name: 'method' })
  const chosen = sellable.map((t) => ({
    quantity: Number(quantities?.[t.id] ?? '0'),
    unitPricePence: t.pricePence,
  }))
  const sell = useAppMutation(SellAtBoxOfficeMutation, {
    report: 'inline',
    messages: {
      // The answer was lost: the sale may have gone through. Pressing again sends the same key.
      NETWORK:
        'No answer from the server: the sale may not have gone through. Press again once the network is back: the same sale is never made twice.',
    },
  })
  const [sold, setSold] = useState<BoxOfficeSold | null>(null)
  const online = useOnline()
  const attempt = useRef<{ body: string; key: string } | null>(null)

  /** A server problem at `lines.2.quantity` goes beside that line's type. */
  const place =
    (sent: readonly { ticketTypeId: string }[]) => (fields: readonly { path: string; message: string }[]) => {
      const placed: PlacedProblems = { fields: {}, other: [] }
      for (const { path, message } of fields) {
        const line = /^lines\.(\d+)/.exec(path)
        const at = line
          ? `quantities.${sent[Number(line[1])]?.ticketTypeId ?? first}`
          : path === 'lines'
            ? `quantities.${first}`
            : path
        if (!at) placed.other.push(message)
        else if (!(at in placed.fields)) placed.fields[at] = message
      }
      return placed
    }

  const submit = async (values: BoxOfficeValues) => {
    if (!navigator.onLine) return
    const lines = linesOf(values)
    const variables = {
      eventSlug,
      lines,
      method: values.method,
      buyerName: values.buyerName.trim() || null,
      email: values.email.trim() || null,
      checkIn: values.checkIn,
    }
    const body = JSON.stringify(variables)
    if (attempt.current?.body !== body) attempt.current = { body, key: newKey() }
    const r = await sell.run(variables, {
      form: { setError: form.setError, place: place(lines) },
      idempotencyKey: attempt.current.key,
    })
    // Only a lost answer is retried with the same key: it may have sold, and then it answers again.
    if (r.ok || r.failure.code !== 'NETWORK') attempt.current = null
    if (!r.ok) return
    setSold(r.data.sellAtBoxOffice)
    // The next walk-in: no tickets, name or email; the door's way of paying and checking in stays.
    form.reset({
      ...values,
      quantities: Object.fromEntries(sellable.map((t) => [t.id, '0'])),
      buyerName: '',
      email: '',
    })
    refetch({ requestPolicy: 'network-only' })
    onSold()
  }

  return {
    types,
    loading: query.fetching && !query.data,
    loadError: query.error && !query.data ? query.error : null,
    form,
    submit,
    count: basketCount(chosen),
    totalPence: boxOfficeTotal(chosen),
    method: method ?? 'CASH',
    sell,
    sold,
    clearSold: () => setSold(null),
    online,
  }
}
