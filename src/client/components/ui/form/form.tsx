import { useState, type FormHTMLAttributes, type ReactNode } from 'react'
import { FormProvider, useFormState, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form'
import { ErrorSummary } from '../error-summary.tsx'
import { flattenErrors } from './errors.ts'
import { formFieldId, FormIdContext } from './ids.ts'
import { isShown, ShownErrorsContext } from './shown-errors.ts'

/**
 * A react-hook-form form, the one way: the form context for the controls in `components/ui/form`,
 * their ids under `idPrefix`, `noValidate` (the shared schema checks, through the resolver), and an
 * error summary at the top linking to each field with a problem. `message` is a problem with the
 * whole form (the mutation's); `describe` names a form path in the summary ("Title: Give a title").
 */
export function Form<T extends FieldValues>({
  form,
  onSubmit,
  idPrefix,
  message,
  describe,
  summary = true,
  summaryTitle,
  children,
  ...props
}: {
  form: UseFormReturn<T>
  onSubmit: SubmitHandler<T>
  idPrefix: string
  message?: string | null
  describe?: (path: string) => string
  /** Show the error summary (a one-field form may rather show its error at the field alone). */
  summary?: boolean
  summaryTitle?: string
  children: ReactNode
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'>) {
  // The problems the last save attempt reported (see shown-errors.ts).
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set())
  const { errors, touchedFields } = useFormState({ control: form.control })
  const problems = flattenErrors(errors)
    .filter(({ path, type }) => isShown(shown, touchedFields, path, type))
    .map(({ path, message: text }) => ({
      fieldId: formFieldId(idPrefix, path),
      message: describe ? `${describe(path)}: ${text}` : text,
    }))
  const root = errors.root?.summary?.message
  const summaryMessage = message ?? (typeof root === 'string' ? root : null)
  return (
    <FormProvider {...form}>
      <FormIdContext.Provider value={idPrefix}>
        <ShownErrorsContext.Provider value={shown}>
          <form
            noValidate
            {...props}
            onSubmit={form.handleSubmit(onSubmit, (found) =>
              setShown(new Set(flattenErrors(found).map((e) => e.path))),
            )}
          >
            {summary ? (
              <ErrorSummary message={summaryMessage} problems={problems} title={summaryTitle} />
            ) : null}
            {children}
          </form>
        </ShownErrorsContext.Provider>
      </FormIdContext.Provider>
    </FormProvider>
  )
}
