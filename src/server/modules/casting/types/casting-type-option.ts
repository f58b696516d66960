import { builder } from '#server/graphql/builder.ts'

export const CastingTypeOptionRef = builder
  .objectRef<{ key: string; label: string }>('CastingTypeOption')
  .implement({ fields: (t) => ({ key: t.exposeString('key'), label: t.exposeString('label') }) })
