import { useEffect, useId, useState, type FormEvent } from 'react'
import { fieldClass } from '#client/components/ui/field-class.ts'
import { Button } from '#client/components/ui/button.tsx'
import type { CastingApplicationQuery as DetailData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { AssignPartMutation } from '../graphql/casting.query.ts'

type Detail = NonNullable<DetailData['castingApplication']>

const CONFLICT_MESSAGE =
  'Another admin changed this application meanwhile. It has been reloaded: check their change and choose again.'

/** The part an application is cast in; a change by another admin meanwhile is refused and reloaded. */
export function PartForm({
  app,
  onDirty,
  onSaved,
  onConflict,
}: {
  app: Detail
  onDirty: (dirty: boolean) => void
  onSaved: () => void
  onConflict: () => void
}) {
  const id = useId()
  const [value, setValue] = useState(app.part ?? '')
  const assign = useAppMutation(AssignPartMutation, {
    report: 'inline',
    messages: { CONFLICT: CONFLICT_MESSAGE },
  })
  const problem = assign.message
  const dirty = value !== (app.part ?? '')
  useEffect(() => {
    onDirty(dirty)
  }, [dirty, onDirty])

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    onSaved()
    const outcome = await assign.run(
      { applicationId: app.id, part: value || null, expectedVersion: app.version },
      { success: value ? `Part set to ${value}.` : 'Part cleared.' },
    )
    if (outcome.ok) setValue(outcome.data.assignPart.part ?? '')
    else if (outcome.failure.code === 'CONFLICT') {
      setValue(app.part ?? '')
      onConflict()
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 grow">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          Part
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={problem ? `${id}-error` : undefined}
          className={`mt-1.5 ${fieldClass('sm')}`}
        >
          <option value="">No part</option>
          {app.event.parts.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" pending={assign.fetching} disabled={!dirty}>
        Save part
      </Button>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
