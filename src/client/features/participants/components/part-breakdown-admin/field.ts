import { fieldClass } from '#client/components/ui/field-class.ts'

/** The compact field look of the part-breakdown editors. */
export const input = fieldClass('compact')
