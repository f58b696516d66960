import { OPERATIONS_TAB_KEYS, PARTICIPANT_SORT_KEYS } from '#core/operations/participants.ts'
import { builder } from '#server/graphql/builder.ts'

export const OperationsTabEnum = builder.enumType('OperationsTab', {
  description: 'The participants tab (CONFIRMED, PAID) or the pending tab (OFFERED, WAITLISTED).',
  values: OPERATIONS_TAB_KEYS,
})

export const ParticipantSortKeyEnum = builder.enumType('ParticipantSortKey', {
  description: 'The column the participants table is sorted by.',
  values: PARTICIPANT_SORT_KEYS,
})
