import { AuditActionEnum, AuditEntityTypeEnum } from '#server/audit/types/audit-action.ts'
import { builder } from '#server/graphql/builder.ts'
import { DashboardTodoKindEnum } from './dashboard-todo-kind.ts'
import type { ActivityLine, TodoLine } from '../dashboard-todo.ts'

export const TodoLineRef = builder.objectRef<TodoLine>('DashboardTodo').implement({
  description: 'Something that needs doing now, and the page that resolves it.',
  fields: (t) => ({
    kind: t.expose('kind', { type: DashboardTodoKindEnum }),
    eventSlug: t.exposeString('eventSlug', { nullable: true }),
    eventTitle: t.exposeString('eventTitle', { nullable: true }),
    text: t.exposeString('text'),
    count: t.exposeInt('count'),
    link: t.exposeString('link'),
    at: t.expose('at', { type: 'DateTime', nullable: true }),
  }),
})

export const ActivityLineRef = builder.objectRef<ActivityLine>('DashboardActivity').implement({
  description: 'A recent audit entry with the page it concerns.',
  fields: (t) => ({
    id: t.exposeID('id'),
    action: t.expose('action', { type: AuditActionEnum }),
    entityType: t.expose('entityType', { type: AuditEntityTypeEnum }),
    actorName: t.exposeString('actorName', { nullable: true }),
    at: t.expose('at', { type: 'DateTime' }),
    link: t.exposeString('link'),
  }),
})
