import { builder } from '#server/graphql/builder.ts'
import { DECISION_ACTIONS } from '../decision-plan.ts'

export const DecisionActionEnum = builder.enumType('DecisionAction', { values: DECISION_ACTIONS })
