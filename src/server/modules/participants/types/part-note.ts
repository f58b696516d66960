import { builder } from '#server/graphql/builder.ts'
import type { BreakdownCell } from '../part-breakdown.queries.ts'

export const PartNoteRef = builder.objectRef<BreakdownCell>('PartNote').implement({
  description: 'What a part does in a number (solo, divisi, tacet…); a part without one sings as written.',
  fields: (t) => ({
    numberId: t.exposeID('numberId'),
    part: t.exposeString('part'),
    note: t.exposeString('note'),
  }),
})
