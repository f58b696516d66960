import { useEffect, useRef, useState } from 'react'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import type { CheckInTicketMutation } from '#client/gql/graphql.ts'
import { formatDateTime } from '#client/lib/format.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { formatTicketPrice } from '#core/tickets/tickets.ts'
import { CheckInMutation } from '../graphql/tickets.queries.ts'

type Scan = CheckInTicketMutation['checkInTicket']

const TONE: Record<string, string> = {
  VALID: 'border-green-700 bg-green-50 text-green-900',
  ALREADY_USED: 'border-red-700 bg-red-50 text-red-900',
  WRONG_EVENT: 'border-red-700 bg-red-50 text-red-900',
  UNKNOWN: 'border-red-700 bg-red-50 text-red-900',
}

/** `/admin/:eventSlug/tickets/check-in`: the door. Scan with the camera or type the code. */
export function CheckInPage() {
  const { eventSlug = '' } = useParams()
  const [code, setCode] = useState('')
  const [last, setLast] = useState<Scan | null>(null)
  const [camera, setCamera] = useState(false)
  const check = useAppMutation(CheckInMutation, { report: 'inline' })
  const submit = async (value: string) => {
    if (!value.trim()) return
    const r = await check.run({ eventSlug, code: value.trim() })
    if (r.ok) setLast(r.data.checkInTicket)
    setCode('')
  }
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-slate-900">Door check-in</h1>
      <form
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault()
          void submit(code)
        }}
      >
        <TextField
          label="Ticket code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoFocus
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={check.fetching}>
            Check in
          </Button>
          <Button variant="secondary" onClick={() => setCamera((c) => !c)}>
            {camera ? 'Stop camera' : 'Scan with camera'}
          </Button>
        </div>
      </form>
      {camera ? <Scanner onCode={(c) => void submit(c)} /> : null}
      <div aria-live="assertive" className="mt-6">
        {last ? (
          <div className={`rounded-lg border-2 p-4 ${TONE[last.kind] ?? ''}`} data-scan={last.kind}>
            <p className="text-xl font-bold">{last.label}</p>
            {last.kind === 'VALID' ? (
              <p className="mt-1">
                {last.attendeeName} · {last.typeName}
                {last.owedPence ? ` · to pay ${formatTicketPrice(last.owedPence)}` : ''}
              </p>
            ) : null}
            {last.kind === 'ALREADY_USED' && last.at ? (
              <p className="mt-1">Checked in {formatDateTime(last.at)}</p>
            ) : null}
          </div>
        ) : null}
        {check.message ? (
          <p role="alert" className="text-sm text-red-700">
            {check.message}
          </p>
        ) : null}
      </div>
    </div>
  )
}

/** The phone camera through BarcodeDetector (the barcode-detector polyfill where the browser has none). */
function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const onCodeRef = useRef(onCode)
  useEffect(() => {
    onCodeRef.current = onCode
  }, [onCode])
  useEffect(() => {
    let stream: MediaStream | undefined
    let timer: number | undefined
    let lastCode = ''
    let stopped = false
    void (async () => {
      try {
        const { BarcodeDetector } = await import('barcode-detector/ponyfill')
        const detector = new BarcodeDetector({ formats: ['qr_code'] })
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })
        if (stopped || !video.current) return
        video.current.srcObject = stream
        await video.current.play()
        const tick = async () => {
          if (stopped || !video.current) return
          const found = await detector.detect(video.current).catch(() => [])
          const value = found[0]?.rawValue
          if (value && value !== lastCode) {
            lastCode = value
            onCodeRef.current(value)
          }
          timer = window.setTimeout(() => void tick(), 250)
        }
        void tick()
      } catch {
        setProblem('The camera could not be opened: type the code instead.')
      }
    })()
    return () => {
      stopped = true
      if (timer) window.clearTimeout(timer)
      stream?.getTracks().forEach((t) => t.stop())
    }
  }, [])
  return (
    <div className="mt-4">
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <video
        ref={video}
        className="w-full rounded-lg bg-black"
        muted
        playsInline
        aria-label="Camera view for scanning"
      />
    </div>
  )
}
