import { useCallback, useState } from 'react'
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import toast from 'react-hot-toast'
import { useMutation, type AnyVariables, type CombinedError, type TypedDocumentNode } from 'urql'
import {
  failureOf,
  formMessage,
  placeByPath,
  SOMETHING_WENT_WRONG,
  type FailureWording,
  type FieldProblem,
  type MutationFailure,
  type PlacedProblems,
} from './mutation-failure.ts'
import { UNKNOWN_ERROR_CODE } from './query-errors.ts'

export interface AppMutationOptions extends FailureWording {
  /**
   * How a failure is told: as a toast (default), or only through `message` and the outcome, for a
   * message beside the action (in a dialog, under a form).
   */
  report?: 'toast' | 'inline'
}

export interface RunOptions<Data, Form extends FieldValues> {
  /** Toasted when the mutation succeeds. */
  success?: string | ((data: Data) => string | null | undefined)
  /**
   * Put VALIDATION problems at their fields of a react-hook-form form. `place` maps the server's
   * paths to the form's field names (default: the same); what it cannot place stays in the message.
   */
  form?: {
    setError: UseFormSetError<Form>
    place?: (fields: readonly FieldProblem[]) => PlacedProblems
  }
  /**
   * Sent as `Idempotency-Key` (decision 0026): a retry of a write whose answer was lost (the network
   * dropped after it committed) gets the first answer again instead of running it twice.
   */
  idempotencyKey?: string
}

export type MutationOutcome<Data> =
  | { ok: true; data: Data; failure: null; message: null }
  /** `message`: what to show for the whole action; null when every problem sits at its field. */
  | { ok: false; data: null; failure: MutationFailure; message: string | null }

/** What a run ends with: its outcome, and the toast to show for it, if any. */
export interface Settled<Data> {
  outcome: MutationOutcome<Data>
  toast: { kind: 'success' | 'error'; text: string } | null
}

/**
 * The one reading of a mutation's answer: the failure (code, message, field problems), the field
 * problems put on the form, and what to toast. Pure but for `form.setError`.
 */
export function settle<Data, Form extends FieldValues = FieldValues>(
  result: { data?: Data | null; error?: Pick<CombinedError, 'graphQLErrors' | 'networkError'> },
  options: AppMutationOptions = {},
  { success, form }: RunOptions<Data, Form> = {},
): Settled<Data> {
  const { report = 'toast', fallback, messages } = options
  if (!result.error && result.data !== undefined && result.data !== null) {
    const text = typeof success === 'function' ? success(result.data) : success
    return {
      outcome: { ok: true, data: result.data, failure: null, message: null },
      toast: text ? { kind: 'success', text } : null,
    }
  }
  const failure: MutationFailure = result.error
    ? failureOf(result.error, { fallback, messages })
    : { code: UNKNOWN_ERROR_CODE, message: fallback ?? SOMETHING_WENT_WRONG, fields: [] }
  let message: string | null = failure.message
  if (form && failure.fields.length) {
    const placed = (form.place ?? placeByPath)(failure.fields)
    for (const [name, text] of Object.entries(placed.fields)) {
      form.setError(name as FieldPath<Form>, { type: 'server', message: text })
    }
    message = formMessage(failure, placed)
  }
  return {
    outcome: { ok: false, data: null, failure, message },
    toast: report === 'toast' && message ? { kind: 'error', text: message } : null,
  }
}

export interface AppMutation<Data, Variables extends AnyVariables> {
  run<Form extends FieldValues = FieldValues>(
    variables: Variables,
    options?: RunOptions<Data, Form>,
  ): Promise<MutationOutcome<Data>>
  fetching: boolean
  /** The last run's failure, or null. */
  failure: MutationFailure | null
  /** What to show beside the action for the last failure (`report: 'inline'`); null when nothing. */
  message: string | null
  reset(): void
}

/**
 * Run a GraphQL mutation the one way: its answer read by `settle` (failure, field problems on the
 * form, toasts), the last failure kept for a message beside the action. Pages never read
 * `graphQLErrors` themselves.
 */
export function useAppMutation<Data, Variables extends AnyVariables>(
  document: TypedDocumentNode<Data, Variables>,
  options: AppMutationOptions = {},
): AppMutation<Data, Variables> {
  const [state, execute] = useMutation(document)
  const [last, setLast] = useState<{ failure: MutationFailure; message: string | null } | null>(null)
  const { report, fallback, messages } = options

  const run = useCallback(
    async <Form extends FieldValues = FieldValues>(
      variables: Variables,
      runOptions?: RunOptions<Data, Form>,
    ): Promise<MutationOutcome<Data>> => {
      setLast(null)
      const key = runOptions?.idempotencyKey
      const result = await execute(
        variables,
        key ? { fetchOptions: { headers: { 'Idempotency-Key': key } } } : undefined,
      )
      const settled = settle<Data, Form>(result, { report, fallback, messages }, runOptions)
      const { outcome } = settled
      if (!outcome.ok) setLast({ failure: outcome.failure, message: outcome.message })
      if (settled.toast?.kind === 'success') toast.success(settled.toast.text)
      else if (settled.toast) toast.error(settled.toast.text)
      return outcome
    },
    [execute, report, fallback, messages],
  )
  const reset = useCallback(() => setLast(null), [])

  return {
    run,
    fetching: state.fetching,
    failure: last?.failure ?? null,
    message: last?.message ?? null,
    reset,
  }
}
