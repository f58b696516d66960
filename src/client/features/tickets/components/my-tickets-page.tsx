import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { Notice } from '#client/components/ui/notice.tsx'
import { useQuery } from 'urql'
import { Panel } from '#client/components/ui/panel.tsx'
import { QueryView } from '#client/components/ui/query-view.tsx'
import type { MyTicketsQuery as Mine } from '#client/gql/graphql.ts'
import { formatDate, formatDateTime, formatTime } from '#client/lib/format.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { formatPence } from '#core/money.ts'
import { MyTicketsQuery } from '../graphql/tickets.queries.ts'
import { TicketHolderActions } from './ticket-holder-actions.tsx'

/** A QR code of a ticket's code, drawn in the browser (qrcode). */
export function TicketQr({ code, label }: { code: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void QRCode.toDataURL(code, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then((url) => {
      if (live) setSrc(url)
    })
    return () => {
      live = false
    }
  }, [code])
  return src ? (
    <img src={src} alt={label} width={240} height={240} className="h-60 w-60" data-ticket-code={code} />
  ) : (
    <div className="h-60 w-60 bg-slate-100" aria-hidden="true" />
  )
}

/** `/tickets`: my tickets for upcoming events, each with its QR code. */
export function MyTicketsPage() {
  const query = useQuery({ query: MyTicketsQuery, requestPolicy: 'cache-and-network' })
  const [done, setDone] = useState<string | null>(null)
  const changed = (message: string) => {
    setDone(message)
    query[1]({ requestPolicy: 'network-only' })
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8 sm:py-12">
      <title>Your tickets · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Your tickets</h1>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <QueryView query={query} loadingLabel="Loading your tickets…" what="your tickets" level={2}>
        {({ myTickets }) =>
          myTickets.length === 0 ? (
            <p className="mt-4 text-slate-600">You hold no tickets for upcoming events.</p>
          ) : (
            <ul className="mt-6 space-y-4">
              {myTickets.map((t) => (
                <li key={t.id}>
                  <TicketCard ticket={t} onChanged={changed} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  )
}

/** One ticket: its QR, what it is for, what is owed, and (while valid) transfer and cancel. */
export function TicketCard({
  ticket: t,
  onChanged,
}: {
  ticket: Mine['myTickets'][number]
  onChanged: (message: string) => void
}) {
  const timeZone = useSocietyTimeZone()
  return (
    <Panel
      as="article"
      aria-label={`${t.typeName} ticket for ${t.attendeeName}`}
      className="print:break-inside-avoid"
    >
      <div className="flex flex-col gap-4 sm:flex-row">
        <TicketQr code={t.code} label={`QR code of the ticket for ${t.attendeeName}`} />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{t.eventTitle}</h2>
          <p className="text-slate-700">{formatDateTime(t.eventStart, timeZone)}</p>
          <p className="mt-2 font-semibold text-slate-900">
            {t.typeName} · {t.attendeeName}
          </p>
          {t.seat ? <p className="font-semibold text-slate-900">{t.seat}</p> : null}
          {t.typeInfo ? <p className="mt-1 text-sm text-slate-600">{t.typeInfo}</p> : null}
          <p className="mt-2 text-sm text-slate-700">
            {t.status === 'CHECKED_IN' && t.checkedInAt
              ? `Checked in at ${formatTime(t.checkedInAt, timeZone)}, ${formatDate(t.checkedInAt, timeZone)}`
              : t.owedPence > 0
                ? `To pay: ${formatPence(t.owedPence)} (reference ${t.reference})${t.payBy ? ` by ${formatDateTime(t.payBy, timeZone)}` : ''}`
                : 'Paid'}
          </p>
          <p className="mt-1 break-all font-mono text-xs text-slate-500">{t.code}</p>
          <a
            className="mt-2 inline-block text-sm font-semibold text-brand-800 underline print:hidden"
            href={`/api/tickets/${encodeURIComponent(t.code)}.pdf`}
            download
          >
            Download the PDF ticket
          </a>
          {t.receiptUrl ? (
            <a
              className="mt-2 ml-4 inline-block text-sm font-semibold text-brand-800 underline print:hidden"
              href={t.receiptUrl}
              download
            >
              Receipt for order {t.reference} (PDF)
            </a>
          ) : null}
          {t.viewerCan.cancel || t.viewerCan.transfer ? (
            <TicketHolderActions code={t.code} eventSlug={t.eventSlug} onDone={onChanged} />
          ) : null}
        </div>
      </div>
    </Panel>
  )
}
