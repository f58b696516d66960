import type { Question } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'
import { QuestionKindEnum } from './question-kind.ts'

export const FormQuestionRef = builder.objectRef<Question>('FormQuestion').implement({
  description:
    'One extra question of an application form. `key` is its answer’s key (not a global id, so caches do not merge questions of different events).',
  fields: (t) => ({
    key: t.string({ resolve: (q) => q.id }),
    label: t.exposeString('label'),
    kind: t.field({ type: QuestionKindEnum, resolve: (q) => q.kind }),
    required: t.exposeBoolean('required'),
    help: t.string({ nullable: true, resolve: (q) => q.help ?? null }),
    options: t.stringList({ nullable: true, resolve: (q) => q.options ?? null }),
    maxLength: t.int({ nullable: true, resolve: (q) => q.maxLength ?? null }),
  }),
})
