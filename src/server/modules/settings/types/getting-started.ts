import {
  GETTING_STARTED_ITEMS,
  SETUP_LINK_STATES,
  type GettingStartedLine,
} from '#core/society/getting-started.ts'
import { builder } from '#server/graphql/builder.ts'
import { wordEnum } from '#server/graphql/word-enum.ts'
import type { GettingStarted } from '../getting-started.ts'

export const SetupLinkStateEnum = builder.enumType('SetupLinkState', {
  description: 'What a one-time setup link is now: usable, spent or expired, or no longer needed.',
  values: SETUP_LINK_STATES,
})

export const GettingStartedItemEnum = wordEnum('GettingStartedItem', GETTING_STARTED_ITEMS, {
  description: 'A step of the getting-started checklist.',
})

const GettingStartedLineRef = builder.objectRef<GettingStartedLine>('GettingStartedLine').implement({
  description: 'One step: what to do, where, and whether the data shows it done.',
  fields: (t) => ({
    item: t.field({ type: GettingStartedItemEnum, resolve: (l) => l.item }),
    title: t.exposeString('title'),
    hint: t.exposeString('hint'),
    link: t.exposeString('link'),
    linkLabel: t.exposeString('linkLabel'),
    done: t.exposeBoolean('done'),
    markable: t.exposeBoolean('markable', { description: 'Offers "Mark done": the data cannot show it.' }),
  }),
})

export const GettingStartedRef = builder.objectRef<GettingStarted>('GettingStarted').implement({
  description: 'The first admin’s checklist on the dashboard (superAdmins).',
  fields: (t) => ({
    items: t.field({ type: [GettingStartedLineRef], resolve: (g) => g.items }),
    complete: t.exposeBoolean('complete'),
    dismissed: t.exposeBoolean('dismissed'),
  }),
})
