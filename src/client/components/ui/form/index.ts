// The form vocabulary (docs/decisions/0038-one-form-vocabulary.md): react-hook-form with the shared
// zod schema from core/, and these controls.
export { Form } from './form.tsx'
export {
  Checkbox,
  DateInput,
  DateTimeInput,
  Select,
  Textarea,
  TextInput,
  type SelectOption,
} from './controls.tsx'
export { MoneyInput, penceOfTyped, penceToPounds } from './money-input.tsx'
export { FieldError, FieldShell, inputClasses, useFieldError, type ControlProps } from './field.tsx'
export { Group, ListButton, RowActions } from './group.tsx'
export { errorAt, flattenErrors, nestErrors, type FormErrors } from './errors.ts'
export { formFieldId, FormIdContext, useFieldId } from './ids.ts'
export { isShown, ShownErrorsContext, useShownErrors } from './shown-errors.ts'
export { NOT_MONEY, zodResolver } from './zod-resolver.ts'
