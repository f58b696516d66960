import { TODO_KINDS } from '../dashboard-todo.ts'
import { builder } from '#server/graphql/builder.ts'

export const DashboardTodoKindEnum = builder.enumType('DashboardTodoKind', {
  description: 'What a dashboard to-do is about.',
  values: TODO_KINDS,
})
