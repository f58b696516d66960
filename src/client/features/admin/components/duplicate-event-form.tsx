import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { z } from 'zod'
import { slugSchema } from '#core/events/event.schemas.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Form, TextInput, zodResolver } from '#client/components/ui/form/index.ts'
import { useAppMutation } from '#client/lib/use-app-mutation.ts'
import { DuplicateEventMutation } from '../graphql/event-config.query.ts'
import type { AdminEventRow } from '../admin-event.ts'

interface DuplicateValues {
  slug: string
  title: string
}

const duplicateSchema = z.object({ slug: slugSchema, title: z.string() })

/** Copy an event as a draft a year on, under a new slug (and title), then edit the copy. */
export function DuplicateForm({ event, onDone }: { event: AdminEventRow; onDone: () => void }) {
  const form = useForm<DuplicateValues>({
    defaultValues: { slug: `${event.slug}-copy`, title: event.title },
    resolver: zodResolver(duplicateSchema),
  })
  const duplicate = useAppMutation(DuplicateEventMutation, { report: 'inline' })
  const navigate = useNavigate()

  async function onSubmit({ slug, title }: DuplicateValues) {
    const outcome = await duplicate.run(
      { id: event.id, slug: slug.trim(), title: title.trim() || null },
      { success: 'Event duplicated as a draft.', form: { setError: form.setError } },
    )
    if (!outcome.ok) {
      // What has no field of its own (a slug in use is reported against the input) sits at the slug.
      if (outcome.message) form.setError('slug', { type: 'server', message: outcome.message })
      return
    }
    onDone()
    navigate(`/admin/events/${encodeURIComponent(outcome.data.duplicateEvent.slug)}/edit`)
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      idPrefix={`duplicate-${event.id}`}
      summary={false}
      className="mt-4 grid gap-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <TextInput<DuplicateValues>
        name="slug"
        label="New slug"
        autoFocus
        autoCapitalize="off"
        spellCheck={false}
      />
      <TextInput<DuplicateValues> name="title" label="New title" />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" pending={form.formState.isSubmitting}>
          Duplicate
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}
