import type { InstrumentLevel } from '#core/profiles/profile.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { InstrumentLevelEnum } from '#server/modules/people/types/my-profile.ts'

export const ApplicantInstrumentRef = builder
  .objectRef<{ instrument: string; level: InstrumentLevel }>('ApplicantInstrument')
  .implement({
    fields: (t) => ({
      instrument: t.exposeString('instrument'),
      level: t.expose('level', { type: InstrumentLevelEnum }),
    }),
  })
