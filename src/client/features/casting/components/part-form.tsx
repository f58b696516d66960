import { useEffect } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '#client/components/ui/button.tsx'
import { Form, Select } from '#client/components/ui/form/index.ts'
import type { CastingApplicationQuery as DetailData } from '#client/gql/graphql.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { AssignPartMutation } from '../graphql/casting.query.ts'

type Detail = NonNullable<DetailData['castingApplication']>

const CONFLICT_MESSAGE =
  'Another admin changed this application meanwhile. It has been reloaded: check their change and choose again.'

interface PartValues {
  /** The part's name; "" for none. */
  part: string
}

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
  const form = useForm<PartValues>({ defaultValues: { part: app.part ?? '' } })
  const value = useWatch({ control: form.control, name: 'part' })
  const assign = useAppMutation(AssignPartMutation, {
    report: 'inline',
    messages: { CONFLICT: CONFLICT_MESSAGE },
  })
  const problem = assign.message
  const dirty = value !== (app.part ?? '')
  useEffect(() => {
    onDirty(dirty)
  }, [dirty, onDirty])

  async function onSubmit({ part }: PartValues) {
    onSaved()
    const outcome = await assign.run(
      { applicationId: app.id, part: part || null, expectedVersion: app.version },
      { success: part ? `Part set to ${part}.` : 'Part cleared.' },
    )
    if (outcome.ok) form.reset({ part: outcome.data.assignPart.part ?? '' })
    else if (outcome.failure.code === 'CONFLICT') {
      form.reset({ part: app.part ?? '' })
      onConflict()
    }
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix={`part-${app.id}`}
      summary={false}
      className="flex flex-wrap items-end gap-3"
    >
      <Select<PartValues>
        name="part"
        label="Part"
        placeholder="No part"
        options={app.event.parts.map((p) => ({ value: p, label: p }))}
        className="min-w-48 grow"
      />
      <Button type="submit" pending={assign.fetching} disabled={!dirty}>
        Save part
      </Button>
      {problem ? (
        <p role="alert" className="w-full text-sm font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </Form>
  )
}
