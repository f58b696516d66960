import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { postConfirm } from '../public-api.ts'

type State = { state: 'working' } | { state: 'done'; lists: string[] } | { state: 'failed'; message: string }

/** `/mailing-lists/confirm/{token}`: the double opt-in link. Confirms once, on opening. */
export function ConfirmSubscriptionPage() {
  const { token = '' } = useParams()
  const [result, setResult] = useState<State>({ state: 'working' })
  useEffect(() => {
    let live = true
    postConfirm(token)
      .then(({ lists }) => live && setResult({ state: 'done', lists }))
      .catch(
        (error: unknown) => live && setResult({ state: 'failed', message: String((error as Error).message) }),
      )
    return () => {
      live = false
    }
  }, [token])
  return (
    <section aria-labelledby="confirm-title" className="mx-auto max-w-lg px-6 py-16">
      <title>Confirm your subscription · Stagedoor</title>
      <h1 id="confirm-title" className="text-2xl font-extrabold text-brand-950">
        {result.state === 'done' ? 'You are subscribed' : 'Confirm your subscription'}
      </h1>
      <div className="mt-3 text-slate-700" role="status">
        {result.state === 'working' ? (
          <Spinner label="Confirming…" />
        ) : result.state === 'done' ? (
          <p>Thanks for confirming. You will now receive: {result.lists.join(', ')}.</p>
        ) : (
          <p>{result.message}</p>
        )}
      </div>
    </section>
  )
}
