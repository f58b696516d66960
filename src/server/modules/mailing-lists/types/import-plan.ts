import type { ImportAction, ImportChange, ImportPlan, RowProblem } from '#core/mailing-lists/import-plan.ts'
import { builder } from '#server/graphql/builder.ts'
import { SubscriberStatusEnum } from './subscriber-status.ts'

/** GraphQL names for core's IMPORT_ACTIONS ("keep-unsubscribed" is no GraphQL name). */
const IMPORT_ACTION_NAMES = {
  add: 'ADD',
  update: 'UPDATE',
  unchanged: 'UNCHANGED',
  'keep-unsubscribed': 'KEEP_UNSUBSCRIBED',
} as const satisfies Record<ImportAction, string>

const ImportActionEnum = builder.enumType('SubscriberImportAction', {
  description: 'What an import does to one line: add, update, unchanged or keep-unsubscribed.',
  values: Object.fromEntries(
    Object.entries(IMPORT_ACTION_NAMES).map(([value, name]) => [name, { value: value as ImportAction }]),
  ),
})

const ImportChangeRef = builder.objectRef<ImportChange>('SubscriberImportChange').implement({
  fields: (t) => ({
    line: t.exposeInt('line'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    action: t.field({ type: ImportActionEnum, resolve: (c) => c.action }),
    status: t.field({ type: SubscriberStatusEnum, resolve: (c) => c.status }),
  }),
})

const RowProblemRef = builder.objectRef<RowProblem>('SubscriberImportProblem').implement({
  fields: (t) => ({ line: t.exposeInt('line'), message: t.exposeString('message') }),
})

export const ImportPlanRef = builder.objectRef<ImportPlan>('SubscriberImport').implement({
  description: 'What an import changes (dry run) or changed. Any problem: nothing was imported.',
  fields: (t) => ({
    changes: t.field({ type: [ImportChangeRef], resolve: (p) => p.changes.slice(0, 500) }),
    problems: t.field({ type: [RowProblemRef], resolve: (p) => p.problems.slice(0, 200) }),
    added: t.int({ resolve: (p) => p.counts.add }),
    updated: t.int({ resolve: (p) => p.counts.update }),
    unchanged: t.int({ resolve: (p) => p.counts.unchanged }),
    keptUnsubscribed: t.int({ resolve: (p) => p.counts['keep-unsubscribed'] }),
  }),
})
