import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { fetchUnsubscribe, postUnsubscribe, type UnsubscribeView } from '../public-api.ts'

/** `/mailing-lists/unsubscribe/{token}`: the footer link of every list email. One button, no sign-in. */
export function UnsubscribePage() {
  const { token = '' } = useParams()
  const [view, setView] = useState<UnsubscribeView | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  useEffect(() => {
    fetchUnsubscribe(token)
      .then(setView)
      .catch((error: unknown) => setProblem((error as Error).message))
  }, [token])

  async function onUnsubscribe() {
    setPending(true)
    try {
      setView(await postUnsubscribe(token))
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-lg px-6 py-16">
      <title>Unsubscribe · Stagedoor</title>
      <h1 id="unsubscribe-title" className="text-2xl font-extrabold text-brand-950">
        {view && !view.subscribed ? 'You are unsubscribed' : 'Unsubscribe'}
      </h1>
      <div className="mt-3 text-slate-700" role="status">
        {problem ? (
          <p>{problem}</p>
        ) : !view ? (
          <Spinner label="Loading…" />
        ) : view.subscribed ? (
          <p>
            Stop sending {view.listName} to {view.email}?
          </p>
        ) : (
          <p>
            {view.email} will get no more email from {view.listName}.
          </p>
        )}
      </div>
      {view?.subscribed && !problem ? (
        <Button className="mt-4" onClick={onUnsubscribe} pending={pending}>
          Unsubscribe
        </Button>
      ) : null}
    </section>
  )
}
