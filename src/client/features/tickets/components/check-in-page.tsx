import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput } from '#client/components/ui/form/index.ts'
import { useSocietyTimeZone } from '#client/lib/use-society-time-zone.ts'
import { useDoor } from '../hooks/use-door.ts'
import { useDoorSummary } from '../hooks/use-door-summary.ts'
import { BoxOfficePanel } from './box-office-panel.tsx'
import { DoorCount, DoorNameSearch } from './door-header.tsx'
import { DoorScanResult, scanAnnouncement } from './door-scan-result.tsx'
import { DoorScanner } from './door-scanner.tsx'
import { OfflineDoorPanel } from './offline-door-panel.tsx'

/** `/admin/:eventSlug/tickets/check-in`: the door. Scan with the camera or type the code. */
export function CheckInPage() {
  const { eventSlug = '' } = useParams()
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } })
  const [camera, setCamera] = useState(false)
  const timeZone = useSocietyTimeZone()
  const d = useDoor(eventSlug)
  const [boxOffice, setBoxOffice] = useState(false)
  // Each sale here counts the door again at once (the live count also hears it).
  const [sales, setSales] = useState(0)
  const s = useDoorSummary(eventSlug, d.scans + sales)
  const submit = (code: string) => {
    form.reset({ code: '' })
    return d.submit(code)
  }
  return (
    <div className="mx-auto max-w-md px-4 py-8 sm:px-8 sm:py-12">
      <title>Door check-in · Stagedoor</title>
      <h1 className="text-2xl font-bold text-slate-900">Door check-in</h1>
      {s.summary ? <p className="text-slate-700">{s.summary.eventTitle}</p> : null}
      <DoorCount count={s.count} live={s.live} waiting={d.door?.pending.length ?? 0} />
      <Form
        form={form}
        idPrefix="check-in"
        summary={false}
        className="mt-4 space-y-3"
        onSubmit={({ code }) => submit(code)}
      >
        <TextInput name="code" label="Ticket code" autoComplete="off" autoFocus />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={d.checking}>
            Check in
          </Button>
          <Button variant="secondary" onClick={() => setCamera((c) => !c)}>
            {camera ? 'Stop camera' : 'Scan with camera'}
          </Button>
        </div>
      </Form>
      {camera ? <DoorScanner onCode={(c) => void submit(c)} /> : null}
      {d.offline ? (
        <p role="status" className="mt-3 text-sm font-semibold text-amber-800">
          Offline: checking against the downloaded list; scans sync when the network is back.
        </p>
      ) : null}
      <p className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="scan-announcer">
        {d.last ? scanAnnouncement(d.scans, d.last, timeZone) : ''}
      </p>
      <div className="mt-6">
        {d.last ? (
          <DoorScanResult
            scan={d.last}
            timeZone={timeZone}
            paying={d.paying}
            onPaid={(method) => void d.paidAtDoor(method)}
          />
        ) : null}
        {d.message ? (
          <p role="alert" className="text-sm text-red-700">
            {d.message}
          </p>
        ) : null}
      </div>
      <section aria-labelledby="box-office-title" className="mt-6">
        <h2 id="box-office-title" className="font-semibold text-slate-900">
          Walk-ins
        </h2>
        <Button
          className="mt-2"
          variant="secondary"
          aria-expanded={boxOffice}
          aria-controls={boxOffice ? 'box-office' : undefined}
          onClick={() => setBoxOffice((open) => !open)}
        >
          {boxOffice ? 'Close the box office' : 'Box office: sell tickets'}
        </Button>
        {boxOffice ? <BoxOfficePanel eventSlug={eventSlug} onSold={() => setSales((n) => n + 1)} /> : null}
      </section>
      <DoorNameSearch
        name={s.name}
        setName={s.setName}
        summary={s.summary}
        pending={d.checking}
        onCheckIn={(ticketId) => void d.checkInById(ticketId)}
      />
      <OfflineDoorPanel
        eventSlug={eventSlug}
        door={d.door}
        setDoor={d.setDoor}
        syncing={d.syncing}
        onSync={() => void d.runSync()}
        conflicts={d.conflicts}
      />
    </div>
  )
}
