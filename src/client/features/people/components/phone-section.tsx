import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { PHONE_CODE_LENGTH, cleanCode, formatPhone, toE164 } from '#core/auth/phone.ts'
import { phoneCodeSchema, phoneNumberSchema } from '#core/auth/phone.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { Panel } from '#client/components/ui/panel.tsx'
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
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [problem, setProblem] = useState<{ field: 'remove'; message: string } | null>(null)
  // A number in the society's country or with +code, and not the one already confirmed.
  const phoneSchema = useMemo(() => phoneNumberSchema(country, current), [country, current])
  const phoneForm = useForm<{ number: string }>({
    defaultValues: { number: '' },
    resolver: zodResolver(phoneSchema),
  })
  const codeForm = useForm<{ code: string }>({
    defaultValues: { code: '' },
    resolver: zodResolver(phoneCodeSchema),
  })
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
      const message = problemOf(error)
      // The server's refusal of a number or a code shows at its field.
      if (field === 'phone') phoneForm.setError('number', { type: 'server', message })
      else if (field === 'code') codeForm.setError('code', { type: 'server', message })
      else setProblem({ field, message })
    } finally {
      setBusy(false)
    }
  }

  function send({ number }: { number: string }) {
    const e164 = toE164(number, country)
    if (!e164) return
    return act('phone', async () => {
      await auth.sendPhoneCode({ phoneNumber: e164, link: true })
      setSentTo(e164)
      codeForm.reset()
      setStatus(`We texted a code to ${formatPhone(e164)}. It works once, for 5 minutes.`)
    })
  }

  function verify({ code }: { code: string }) {
    if (!sentTo) return
    return act('code', async () => {
      await auth.linkPhone({ phoneNumber: sentTo, code: cleanCode(code) })
      setCurrent(sentTo)
      setSentTo(null)
      phoneForm.reset()
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
        <Form
          form={codeForm}
          onSubmit={verify}
          idPrefix={`${id}-code`}
          summary={false}
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <TextInput
            name="code"
            label="Code from the text"
            hint={`${PHONE_CODE_LENGTH} digits, sent to ${formatPhone(sentTo)}`}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={PHONE_CODE_LENGTH + 4}
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
        </Form>
      ) : (
        <Form
          form={phoneForm}
          onSubmit={send}
          idPrefix={`${id}-phone`}
          summary={false}
          className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <TextInput
            name="number"
            label={current ? 'New mobile number' : 'Mobile number'}
            hint={`Numbers without a + country code are read as ${country === 'GB' ? 'UK' : country} numbers.`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
          />
          <Button type="submit" pending={busy}>
            {current ? 'Change number' : 'Add phone number'}
          </Button>
        </Form>
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
