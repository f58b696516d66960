import { useLayoutEffect, useRef } from 'react'
import { useFormContext, useWatch, type FieldPathByValue } from 'react-hook-form'
import { slugFrom } from '#core/text/slug.ts'
import type { EventFormValues } from '../../event-form.ts'

/** A field of the event form that holds text (a title, a label, a key). */
type TextPath = FieldPathByValue<EventFormValues, string>

/**
 * Fill a key (a slug, a question id, an application type key) from its title as staff type the title,
 * while the key is still the one made that way. Only keys empty when the form opened: an existing key
 * never changes by itself (answers and links depend on it). Editing the key by hand stops it.
 */
export function useKeyFromTitle(titlePath: TextPath, keyPath: TextPath, max = 40): void {
  const { getValues, setValue } = useFormContext<EventFormValues>()
  const title = useWatch<EventFormValues, TextPath>({ name: titlePath })
  const auto = useRef<boolean | null>(null)
  const previous = useRef(title)
  auto.current ??= !getValues(keyPath)
  // NOTE: a layout effect, so the key follows the keystroke before the next paint. A plain effect
  // waits for a frame in the build (Preact), and the key lagged a letter behind the title meanwhile.
  useLayoutEffect(() => {
    if (!auto.current) return
    const key = getValues(keyPath)
    if (key === '' || key === slugFrom(previous.current, max)) {
      setValue(keyPath, slugFrom(title, max), { shouldDirty: true })
    } else {
      auto.current = false
    }
    previous.current = title
  }, [title, keyPath, max, getValues, setValue])
}

/** `useKeyFromTitle` as an element, for forms whose context starts inside the component. */
export function AutoKey({
  titlePath,
  keyPath,
  max,
}: {
  titlePath: TextPath
  keyPath: TextPath
  max?: number
}) {
  useKeyFromTitle(titlePath, keyPath, max)
  return null
}
