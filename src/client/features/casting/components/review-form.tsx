import { useEffect, useId, useState, type FormEvent } from 'react'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import type { CastingApplicationQuery as DetailData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { SaveReviewMutation } from '../graphql/casting.query.ts'

type Detail = NonNullable<DetailData['castingApplication']>

/** The viewer's own score (1–5 or none) and note on an application. */
export function ReviewForm({
  app,
  onDirty,
  onSaved,
}: {
  app: Detail
  onDirty: (dirty: boolean) => void
  onSaved: () => void
}) {
  const id = useId()
  const mine = app.application.myReview
  const [score, setScore] = useState<number | null>(mine?.score ?? null)
  const [note, setNote] = useState(mine?.note ?? '')
  const save = useAppMutation(SaveReviewMutation, { report: 'inline' })
  const problem = save.message
  const dirty = score !== (mine?.score ?? null) || note.trim() !== (mine?.note ?? '')
  useEffect(() => {
    onDirty(dirty)
  }, [dirty, onDirty])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    onSaved()
    await save.run({ applicationId: app.id, score, note }, { success: 'Your review is saved.' })
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Your score</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5, null].map((n) => (
            <label
              key={n ?? 'none'}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg px-3 py-1.5 ring-1 ring-slate-300 has-checked:bg-brand-700 has-checked:text-white has-checked:ring-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={`${id}-score`}
                value={n ?? ''}
                checked={score === n}
                onChange={() => setScore(n)}
                className="sr-only"
              />
              {n ?? 'No score'}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-semibold text-slate-900">
          Your note
        </label>
        <textarea
          id={`${id}-note`}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          rows={4}
          maxLength={5000}
          className={`mt-1.5 ${fieldClass()}`}
        />
      </div>
      <Button type="submit" pending={save.fetching}>
        Save review
      </Button>
      {problem ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
