import type { FieldProblem, PlacedProblems } from '#client/lib/mutation-failure.ts'
import { formFieldOf } from './ticket-type-form-values.ts'

/**
 * The server's problems with a ticket type at the form's fields (`addTypes.0.pricePence` → `price`,
 * under `prefix` for the type's fields); a problem with no path stays in the form's message.
 */
export function placeTicketTypeProblems(
  fields: readonly FieldProblem[],
  prefix = '',
  ownFields: readonly string[] = [],
): PlacedProblems {
  const placed: PlacedProblems = { fields: {}, other: [] }
  for (const { path, message } of fields) {
    if (!path) {
      placed.other.push(message)
      continue
    }
    const field = formFieldOf(path)
    const name = ownFields.includes(field) ? field : `${prefix}${field}`
    placed.fields[name] ??= message
  }
  return placed
}
