import { createContext, useContext } from 'react'

// Every control of a form takes its id from its form path under the form's prefix, so the error
// summary, a "Remove" button or an e2e spec can find it: "applicationTypes.0.label" in the form
// "ev" is "ev-applicationTypes-0-label".

/** The id of the control for `path` in the form whose ids start with `prefix`. */
export const formFieldId = (prefix: string, path: string) => `${prefix}-${path.replace(/\./g, '-')}`

/** The id prefix of the form around a control (set by `<Form idPrefix>`). */
export const FormIdContext = createContext('field')

/** The id of a form path in the form around the caller. */
export function useFieldId(): (path: string) => string {
  const prefix = useContext(FormIdContext)
  return (path) => formFieldId(prefix, path)
}
