import type { FormErrors } from '#client/components/ui/form/errors.ts'

export type { FormErrors }

// Where the shared schema's (or the server's) problems with the event input belong in the form.

/** Form paths of lists, whose own problems (duplicates) are shown at the list, under `.root`. */
const LIST_PATHS = /^(parts|schedule|audienceTypes|applicationTypes(\.\d+\.(questions|paymentLines))?)$/

/**
 * Where a problem the shared schema (or the server, in `extensions.fields`) reports against the
 * input belongs in the form: "eventConfig.paymentLines.singer.0.amountPence" →
 * "applicationTypes.2.paymentLines.0.amount". Unknown places give "" (shown in the summary).
 */
export function formPathOf(inputPath: readonly PropertyKey[] | string, typeKeys: readonly string[]): string {
  const path = typeof inputPath === 'string' ? inputPath.split('.') : inputPath.map(String)
  const typeIndex = (key: string | undefined) => typeKeys.indexOf(key ?? '')
  let out: string[]
  const [top, section, key, ...rest] = path
  if (top !== 'eventConfig') {
    out = top === 'audienceTypes' ? path.slice(0, 3) : path.slice(0, 1)
  } else if (section === 'applicationTypes') {
    const i = typeIndex(key)
    if (i < 0) out = key === undefined ? ['applicationTypes'] : []
    else if (rest.length === 0) out = ['applicationTypes', String(i), 'key']
    else if (rest[0] === 'questions') out = ['applicationTypes', String(i), ...rest.slice(0, 3)]
    else out = ['applicationTypes', String(i), rest[0]!]
  } else if (section === 'paymentLines') {
    const i = typeIndex(key)
    const [line, field] = rest
    if (i < 0) out = []
    else if (line === undefined) out = ['applicationTypes', String(i), 'paymentLines']
    else
      out = [
        'applicationTypes',
        String(i),
        'paymentLines',
        line,
        field === 'amountPence' ? 'amount' : (field ?? 'key'),
      ]
  } else if (section === 'content') {
    if (key === 'infoPack') {
      const i = typeIndex(rest[0])
      out = i < 0 ? [] : ['applicationTypes', String(i), 'infoPack']
    } else out = key ? ['content', key] : []
  } else if (section === 'howToPay') {
    out = key ? ['howToPay', key] : []
  } else if (section === 'parts') {
    out = key === undefined ? ['parts'] : ['parts', key, 'name']
  } else if (section === 'schedule') {
    out = key === undefined ? ['schedule'] : ['schedule', key, rest[0] ?? 'date']
  } else {
    out = []
  }
  // A choice's own problem (an empty option) belongs to the options box.
  if (out[2] === 'questions' && out[4] === 'options') out = out.slice(0, 5)
  const joined = out.join('.')
  return LIST_PATHS.test(joined) ? `${joined}.root` : joined
}

/** Problems by form path, the first for each place. */
export function formErrorsOf(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
  typeKeys: readonly string[],
): FormErrors {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const at = formPathOf(issue.path, typeKeys)
    if (!(at in errors)) errors[at] = issue.message
  }
  return errors
}
