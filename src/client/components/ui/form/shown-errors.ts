import { createContext, useContext } from 'react'
import { get, useFormState } from 'react-hook-form'

/**
 * The form paths whose problems the last save attempt reported. A problem the shared schema finds
 * (type `validation`) shows at its field only once the field has been touched (left) or a save has
 * reported it: a blank question added after a failed save is not in error before anyone fills it.
 * Problems from the server always show. Null (no provider): every problem shows.
 */
export const ShownErrorsContext = createContext<ReadonlySet<string> | null>(null)

/** Whether the problem at `path` of this type may be shown now. */
export function isShown(
  shown: ReadonlySet<string> | null,
  touched: unknown,
  path: string,
  type: unknown,
): boolean {
  if (shown === null || type !== 'validation') return true
  const bare = path.replace(/\.root$/, '')
  return shown.has(path) || shown.has(bare) || shown.has(`${bare}.root`) || get(touched, bare) === true
}

export function useShownErrors() {
  const shown = useContext(ShownErrorsContext)
  const { touchedFields } = useFormState()
  return (path: string, type: unknown) => isShown(shown, touchedFields, path, type)
}
