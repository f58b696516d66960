import { QUESTION_KINDS } from '#core/events/event-config.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

export const QuestionKindEnum = builder.enumType('QuestionKind', { values: QUESTION_KINDS })
