import { formFieldId } from '#client/components/ui/form/ids.ts'

/** The event form's id prefix: its controls are "ev-title", "ev-applicationTypes-0-label"… */
export const EVENT_FORM_ID = 'ev'

/** The id of the event form's control for a form path. */
export const fieldId = (path: string) => formFieldId(EVENT_FORM_ID, path)
