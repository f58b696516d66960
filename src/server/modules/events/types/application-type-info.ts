import type { EventConfig } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

/** One application type of an event, as members see it (its form questions come with the form). */
export interface ApplicationTypeInfo {
  key: string
  label: string
  open: boolean
  auditionRequired: boolean
  capacity: number | null
}

/** The named application types of a configuration, in the order of `keys`. */
export function applicationTypeInfos(config: EventConfig, keys: string[]): ApplicationTypeInfo[] {
  return keys.map((key) => {
    const type = config.applicationTypes[key]!
    return {
      key,
      label: type.label,
      open: type.open,
      auditionRequired: type.auditionRequired,
      capacity: type.capacity ?? null,
    }
  })
}

export const ApplicationTypeInfoRef = builder
  .objectRef<ApplicationTypeInfo>('ApplicationTypeInfo')
  .implement({
    description: 'A kind of application an event takes (singer, orchestra, crew…).',
    fields: (t) => ({
      key: t.exposeString('key'),
      label: t.exposeString('label'),
      open: t.exposeBoolean('open', { description: 'Whether staff have this type open (deadlines aside).' }),
      auditionRequired: t.exposeBoolean('auditionRequired'),
      capacity: t.exposeInt('capacity', { nullable: true }),
    }),
  })
