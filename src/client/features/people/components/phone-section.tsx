import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import { PHONE_CODE_LENGTH, PHONE_MESSAGES, cleanCode, formatPhone, toE164 } from '#core/auth/phone.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Panel } from '#client/components/ui/panel.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { AuthError } from '#client/lib/auth/transport.ts'
import { useAuthClient } from '#client/lib/use-auth.tsx'

const MESSAGES: Record<string, string> = {
  PHONE_IN_USE: 'Another account uses that phone number. Choose another.',
  INVALID_OTP: 'That code is not right. After 3 wrong tries it stops working.',
  TOO_MANY_ATTEMPTS: 'That code has stopped working after 3 wrong tries. Send a new code.',
  OTP_EXPIRED: 'That code has expired. Send a new code.',
  OTP_NOT_FOUND: 'That code has expired or was already used. Send a new code.',
}

function problemOf(error: unknown): string {
  if (error instanceof AuthError) return MESSAGES[error.code] ?? error.message
  return 'Something went wrong. Please try again in a moment.'
}

/**
 * `/profile` → Phone number: add one (a code is texted to it), or remove it. A verified number is a
 * way to sign in (/login/phone). Shown when the server offers phone sign-in.
 */
export function PhoneSection({
  country = 'GB',
  devSmsInbox = null,
}: {
  /** SOCIETY_COUNTRY: numbers typed without +code are read as from it. */
  country?: string
  /** The local text inbox, outside production without SMS_URL. */
  devSmsInbox?: string | null
}) {
  const auth = useAuthClient()
  const id = useId()
  const [current, setCurrent] = useState<string | null | undefined>(undefined)
  const [phone, setPhone] = useState('')
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<{ field: 'phone' | 'code' | 'remove'; message: string } | null>(null)
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => {
    auth
      .getPhoneNumber()
      .then(setCurrent)
      .catch(() => setCurrent(null))
  }, [auth])
  useEffect(load, [load])

  async function act(field: 'phone' | 'code' | 'remove', action: () => Promise<void>) {
    setBusy(true)
    setProblem(null)
    setStatus('')
    try {
      await action()
    } catch (error) {
      setProblem({ field, message: problemOf(error) })
    } finally {
      setBusy(false)
    }
  }

  function send(event: FormEvent) {
    event.preventDefault()
    const e164 = toE164(phone, country)
    if (!e164) return setProblem({ field: 'phone', message: PHONE_MESSAGES.invalid })
    if (e164 === current) return setProblem({ field: 'phone', message: 'That is already your number.' })
    void act('phone', async () => {
      await auth.sendPhoneCode({ phoneNumber: e164, link: true })
      setSentTo(e164)
      setCode('')
      setStatus(`We texted a code to ${formatPhone(e164)}. It works once, for 5 minutes.`)
    })
  }

  function verify(event: FormEvent) {
    event.preventDefault()
    const typed = cleanCode(code)
    if (!new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`).test(typed)) {
      return setProblem({ field: 'code', message: PHONE_MESSAGES.code })
    }
    if (!sentTo) return
    void act('code', async () => {
      await auth.linkPhone({ phoneNumber: sentTo, code: typed })
      setCurrent(sentTo)
      setSentTo(null)
      setPhone('')
      setStatus(`${formatPhone(sentTo)} is confirmed. You can sign in with it.`)
    })
  }

  function remove() {
    void act('remove', async () => {
      await auth.removePhone()
      setCurrent(null)
      setStatus('Your phone number is removed. You can no longer sign in with it.')
    })
  }

  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Phone number
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A confirmed mobile number lets you sign in with a code we text you.
      </p>
      {current ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-900">
            Your number: <strong className="whitespace-nowrap">{formatPhone(current)}</strong>
          </p>
          <Button variant="secondary" pending={busy && !sentTo} onClick={remove}>
            Remove phone number
          </Button>
        </div>
      ) : null}
      {problem?.field === 'remove' ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {problem.message}
        </p>
      ) : null}
      {current === undefined ? null : sentTo ? (
        <form onSubmit={verify} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label="Code from the text"
            hint={`${PHONE_CODE_LENGTH} digits, sent to ${formatPhone(sentTo)}`}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={PHONE_CODE_LENGTH + 4}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={problem?.field === 'code' ? problem.message : null}
          />
          <Button type="submit" pending={busy}>
            Confirm number
          </Button>
          <p className="text-sm sm:col-span-2">
            <button
              type="button"
              className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
              onClick={() => {
                setSentTo(null)
                setProblem(null)
                setStatus('')
              }}
            >
              Use another number or send a new code
            </button>
          </p>
        </form>
      ) : (
        <form onSubmit={send} noValidate className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <TextField
            label={current ? 'New mobile number' : 'Mobile number'}
            hint={`Numbers without a + country code are read as ${country === 'GB' ? 'UK' : country} numbers.`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={problem?.field === 'phone' ? problem.message : null}
          />
          <Button type="submit" pending={busy}>
            {current ? 'Change number' : 'Add phone number'}
          </Button>
        </form>
      )}
      <p role="status" className="mt-3 text-sm font-semibold text-green-800 empty:hidden">
        {status}
      </p>
      {sentTo && devSmsInbox ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
          This server sends no texts (SMS_URL is not set), so the code is in its{' '}
          <a
            href={devSmsInbox}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
          >
            local text inbox
          </a>
          .
        </p>
      ) : null}
    </Panel>
  )
}
