import { useState, type FormEvent } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { fieldClass } from '#client/components/ui/field-class.ts'
import type { MailingListInput } from '#client/gql/graphql.ts'

export const EMPTY_LIST: MailingListInput = {
  name: '',
  slug: '',
  description: '',
  isPublic: true,
  doubleOptIn: true,
  welcomeMessage: '',
}

/** Name, slug, description, public/private, double opt-in and welcome message: create and edit. */
export function ListSettingsForm({
  initial,
  submitLabel,
  pending,
  fieldErrors,
  onSubmit,
}: {
  initial: MailingListInput
  submitLabel: string
  pending: boolean
  fieldErrors: Record<string, string>
  onSubmit: (input: MailingListInput) => void
}) {
  const [values, setValues] = useState(initial)
  const set = <K extends keyof MailingListInput>(key: K, value: MailingListInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit(values)
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={fieldErrors.name}
          required
        />
        <TextField
          label="Slug"
          hint="Lower-case letters, digits and hyphens, e.g. news."
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          error={fieldErrors.slug}
          required
        />
      </div>
      <TextField
        label="Public description"
        hint="Shown in the signup widget."
        value={values.description ?? ''}
        onChange={(e) => set('description', e.target.value)}
        error={fieldErrors.description}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={values.isPublic ?? true}
          onChange={(e) => set('isPublic', e.target.checked)}
        />
        Public: offered in the signup widget
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={values.doubleOptIn ?? true}
          onChange={(e) => set('doubleOptIn', e.target.checked)}
        />
        Double opt-in: new addresses confirm by email first
      </label>
      <div>
        <label htmlFor="welcome-message" className="block text-sm font-semibold text-slate-900">
          Welcome message (Markdown, optional)
        </label>
        <textarea
          id="welcome-message"
          rows={3}
          className={`mt-1 ${fieldClass()}`}
          value={values.welcomeMessage ?? ''}
          onChange={(e) => set('welcomeMessage', e.target.value)}
        />
      </div>
      <div>
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
