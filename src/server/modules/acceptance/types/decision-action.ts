import { builder } from '#server/graphql/builder.ts'
import { DECISION_ACTIONS } from '#core/applications/acceptance-wording.ts'

export const DecisionActionEnum = builder.enumType('DecisionAction', { values: DECISION_ACTIONS })
