import type { CombinedError } from 'urql'
import { failureOf, type MutationFailure } from '#client/lib/mutation-failure.ts'

/** What is wrong with the late-application form: per field, and for the form as a whole. */
export interface LateApplicationProblems {
  email?: string
  type?: string
  form?: string
}

export interface LateApplicationInput {
  email: string
  type: string
}

/** Checks made before anything is sent; the server checks again. Empty when the form may be sent. */
export function checkLateApplication({ email, type }: LateApplicationInput): LateApplicationProblems {
  const problems: LateApplicationProblems = {}
  const trimmed = email.trim()
  if (!trimmed) problems.email = 'Enter the member’s email address.'
  else if (!/^[^\s@]+@[^\s@]+$/.test(trimmed))
    problems.email = 'Enter an email address in the right form, such as name@example.com.'
  if (!type) problems.type = 'Choose an application type.'
  return problems
}

/**
 * Turns the server's refusal of `addLateApplication` into what the form shows: NOT_FOUND means no
 * member has that email (the page already proved the event exists), CONFLICT that they have already
 * applied for that type, VALIDATION a field the server refused (`extensions.fields`).
 */
export function lateApplicationProblemsOf({
  code,
  message,
  fields,
}: MutationFailure): LateApplicationProblems {
  switch (code) {
    case 'NOT_FOUND':
      return {
        email: 'No member has this email address. Check it, or ask them to create an account first.',
      }
    case 'CONFLICT':
      return { form: message }
    case 'VALIDATION': {
      const problems: LateApplicationProblems = {}
      const rest: string[] = []
      for (const field of fields) {
        if (field.path === 'type') problems.type = field.message
        else if (field.path === 'userEmail' || field.path === 'email') problems.email = field.message
        else rest.push(field.message)
      }
      if (rest.length > 0 || (!problems.type && !problems.email))
        problems.form = [...new Set([message, ...rest])].join(' ')
      return problems
    }
    case 'FORBIDDEN':
      return { form: 'You do not have permission to add applications.' }
    default:
      return { form: message }
  }
}

/** The same, from the error of the answer. */
export function lateApplicationProblems(
  error: Pick<CombinedError, 'graphQLErrors' | 'networkError'>,
): LateApplicationProblems {
  return lateApplicationProblemsOf(failureOf(error))
}
