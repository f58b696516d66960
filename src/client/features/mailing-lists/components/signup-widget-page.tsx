import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useFrameHeight } from '../frame-height.ts'
import { fetchPublicLists, PublicApiError, postSignup, type PublicList } from '../public-api.ts'
import { AltchaField, altchaPayload } from './altcha-field.tsx'

type Load =
  | { state: 'loading' }
  | { state: 'ready'; lists: PublicList[] }
  | { state: 'missing' }
  | { state: 'failed'; message: string }

/**
 * `/embed/mailing-lists` (every public list, tick the ones wanted) and `/embed/mailing-lists/{listName}`
 * (one list): made to sit in an iframe on the society's own site.
 */
export function SignupWidgetPage() {
  const { listName } = useParams()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useFrameHeight()

  useEffect(() => {
    let live = true
    fetchPublicLists(listName)
      .then(({ lists }) => live && setLoad({ state: 'ready', lists }))
      .catch((error: unknown) => {
        if (!live) return
        if (error instanceof PublicApiError && error.status === 404) setLoad({ state: 'missing' })
        else setLoad({ state: 'failed', message: error instanceof Error ? error.message : String(error) })
      })
    return () => {
      live = false
    }
  }, [listName])

  return (
    <div className="mx-auto max-w-md">
      <title>{listName ? 'Join our mailing list' : 'Join our mailing lists'}</title>
      {load.state === 'loading' ? (
        <Spinner label="Loading…" />
      ) : load.state === 'missing' ? (
        <section aria-labelledby="missing-title">
          <h1 id="missing-title" className="text-lg font-bold text-brand-950">
            Mailing list not found
          </h1>
          <p className="mt-1 text-sm text-slate-700">There is no public mailing list at this address.</p>
        </section>
      ) : load.state === 'failed' ? (
        <p role="alert" className="text-sm text-red-800">
          {load.message}
        </p>
      ) : load.lists.length === 0 ? (
        <p className="text-sm text-slate-700">There are no mailing lists to join just now.</p>
      ) : (
        <SignupForm lists={load.lists} single={Boolean(listName)} />
      )}
    </div>
  )
}

function SignupForm({ lists, single }: { lists: PublicList[]; single: boolean }) {
  const headingId = useId()
  const [chosen, setChosen] = useState<string[]>(lists.length === 1 ? [lists[0]!.slug] : [])
  const [email, setEmail] = useState('')
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<{ message: string; field?: string | undefined } | null>(null)
  const [sending, setSending] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const widget = useRef<HTMLElement>(null)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (chosen.length === 0) {
      setProblem({ message: 'Tick at least one list.', field: 'lists' })
      return
    }
    setSending(true)
    setProblem(null)
    try {
      const answer = await postSignup({
        email,
        name,
        lists: chosen,
        altcha: await altchaPayload(widget.current, form),
        website: String(form.get('website') ?? ''),
      })
      setDone(answer.message)
    } catch (error) {
      // A refused check cannot be sent again: fetch a fresh challenge (a too-quick form keeps its own).
      if (error instanceof PublicApiError && error.field === 'altcha') {
        ;(widget.current as (HTMLElement & { reset?: () => void }) | null)?.reset?.()
      }
      setProblem(
        error instanceof PublicApiError
          ? { message: error.message, field: error.field }
          : { message: 'Something went wrong. Try again.' },
      )
    } finally {
      setSending(false)
    }
  }

  if (done) {
    return (
      <section aria-labelledby={headingId} role="status">
        <h1 id={headingId} className="text-lg font-bold text-brand-950">
          Check your inbox
        </h1>
        <p className="mt-1 text-sm text-slate-700">{done}</p>
      </section>
    )
  }

  const only = single || lists.length === 1 ? lists[0] : undefined
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-3">
      <h1 id={headingId} className="text-lg font-bold text-brand-950">
        {only ? `Join ${only.name}` : 'Join our mailing lists'}
      </h1>
      {only?.description ? <p className="-mt-2 text-sm text-slate-700">{only.description}</p> : null}
      {!only ? (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold text-slate-900">Lists</legend>
          {lists.map((list) => (
            <label key={list.slug} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 size-4"
                checked={chosen.includes(list.slug)}
                onChange={(e) =>
                  setChosen(e.target.checked ? [...chosen, list.slug] : chosen.filter((s) => s !== list.slug))
                }
              />
              <span>
                <span className="font-semibold">{list.name}</span>
                {list.description ? <span className="block text-slate-700">{list.description}</span> : null}
              </span>
            </label>
          ))}
          {problem?.field === 'lists' ? <p className="text-sm text-red-800">{problem.message}</p> : null}
        </fieldset>
      ) : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={problem?.field === 'email' ? problem.message : null}
      />
      <TextField
        label="Name (optional)"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      {/* A honeypot: hidden from people and screen readers; bots fill every field. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <AltchaField widgetRef={widget} />
      {problem && problem.field !== 'email' && problem.field !== 'lists' ? (
        <p role="alert" className="text-sm text-red-800">
          {problem.message}
        </p>
      ) : null}
      <Button type="submit" pending={sending}>
        Subscribe
      </Button>
      <p className="text-xs text-slate-600">We send a confirmation email first. Unsubscribe at any time.</p>
    </form>
  )
}
