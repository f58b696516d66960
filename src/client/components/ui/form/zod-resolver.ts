import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { nestErrors, type FormErrors } from './errors.ts'

/** What MoneyInput stores for text that is not an amount (NaN), as the schema's problem there. */
export const NOT_MONEY = 'Give an amount in pounds, e.g. 12.50.'

/**
 * A react-hook-form resolver from a shared zod schema in `core/`: the same check the server makes.
 * `toInput` turns the form's values into what the schema reads (trimmed, numbers, ISO dates);
 * `pathOf` puts a schema path back at its form field (default: the same path, dotted). The first
 * problem at each place wins; problems show as type `validation` (see shown-errors.ts).
 */
export function zodResolver<T extends FieldValues>(
  schema: z.ZodType,
  {
    toInput = (values) => values,
    pathOf = (path) => path.map(String).join('.'),
  }: {
    toInput?: (values: T) => unknown
    pathOf?: (path: readonly PropertyKey[]) => string
  } = {},
): Resolver<T> {
  return (values) => {
    const parsed = schema.safeParse(toInput(values))
    if (parsed.success) return { values, errors: {} }
    const errors: FormErrors = {}
    for (const issue of parsed.error.issues) {
      const at = pathOf(issue.path)
      const notMoney = issue.code === 'invalid_type' && /NaN/.test(issue.message)
      if (!(at in errors)) errors[at] = notMoney ? NOT_MONEY : issue.message
    }
    return { values: {}, errors: nestErrors<T>(errors) }
  }
}
