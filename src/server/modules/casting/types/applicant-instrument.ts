import { builder } from '#server/graphql/builder.ts'

export const ApplicantInstrumentRef = builder
  .objectRef<{ instrument: string; level: string }>('ApplicantInstrument')
  .implement({
    fields: (t) => ({ instrument: t.exposeString('instrument'), level: t.exposeString('level') }),
  })
