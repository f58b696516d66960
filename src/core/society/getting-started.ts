// First run (issue 29): what a fresh install says before anyone is its society admin, and the
// getting-started checklist the first admin works through afterwards. The server derives each item
// from the database (server: modules/settings/getting-started.ts); this file is the rule.

/** What a one-time setup link is now: still usable, spent or expired, or not needed any more. */
export const SETUP_LINK_STATES = ['open', 'spent', 'finished'] as const
export type SetupLinkState = (typeof SETUP_LINK_STATES)[number]

/** The console command that makes someone society admin when the logged link is lost. */
export const ADMIN_COMMAND = 'npm run admin -- grant superAdmin you@example.org'

/** The checklist's items, in the order a new committee would do them. */
export const GETTING_STARTED_ITEMS = [
  'settings',
  'firstEvent',
  'committeeRoles',
  'mailingList',
  'widget',
] as const
export type GettingStartedItem = (typeof GETTING_STARTED_ITEMS)[number]

/** The one item the database cannot show by itself: somebody looked at the sign-up widget. */
export const MARKABLE_ITEMS: readonly GettingStartedItem[] = ['widget']

/** What the database says, counted by the server in one query. */
export interface GettingStartedFacts {
  settingsSaved: boolean
  events: number
  /** People holding the superAdmin role. */
  superAdmins: number
  /** People holding any other role. */
  otherRoleHolders: number
  mailingLists: number
  /** Subscribers who joined through the public sign-up widget. */
  widgetSubscribers: number
  /** Items somebody marked done by hand (only `MARKABLE_ITEMS` count). */
  marked: readonly GettingStartedItem[]
}

export interface GettingStartedLine {
  item: GettingStartedItem
  title: string
  hint: string
  link: string
  linkLabel: string
  done: boolean
  /** Whether the item offers "Mark done" (it cannot tick itself). */
  markable: boolean
}

const WORDING: Record<GettingStartedItem, Omit<GettingStartedLine, 'item' | 'done' | 'markable'>> = {
  settings: {
    title: 'Save the society’s settings',
    hint: 'Its name, logo, colour, support email, time zone and bank details.',
    link: '/admin/settings',
    linkLabel: 'Open society settings',
  },
  firstEvent: {
    title: 'Create the first event',
    hint: 'A show, concert or social members can apply to or buy tickets for.',
    link: '/admin/events/new',
    linkLabel: 'Create an event',
  },
  committeeRoles: {
    title: 'Give committee roles',
    hint: 'Let the board, ticket admins and convenors do their part.',
    link: '/admin/committee',
    linkLabel: 'Open the committee page',
  },
  mailingList: {
    title: 'Make a mailing list',
    hint: 'For news to members and to anyone who signs up.',
    link: '/admin/mailing-lists',
    linkLabel: 'Open mailing lists',
  },
  widget: {
    title: 'Look at the sign-up widget',
    hint: 'Put it on the society’s website so people can join a list. Ticks itself once someone joins through it.',
    link: '/embed/mailing-lists',
    linkLabel: 'Open the sign-up widget',
  },
}

/**
 * Whether a step's link leaves the app's own pages (the embeddable widget has no sidebar): the
 * checklist opens it in a new tab, so the admin keeps the checklist (decision 0041).
 */
export function opensInNewTab(link: string): boolean {
  return link.startsWith('/embed/')
}

/** Whether one item is done, from the facts alone. */
export function itemDone(item: GettingStartedItem, facts: GettingStartedFacts): boolean {
  switch (item) {
    case 'settings':
      return facts.settingsSaved
    case 'firstEvent':
      return facts.events > 0
    case 'committeeRoles':
      // The first admin's own role does not count: someone else holds a role.
      return facts.otherRoleHolders > 0 || facts.superAdmins > 1
    case 'mailingList':
      return facts.mailingLists > 0
    case 'widget':
      return facts.widgetSubscribers > 0 || facts.marked.includes('widget')
  }
}

/** The checklist in order, each line with its wording, link and whether it is done. */
export function gettingStartedChecklist(facts: GettingStartedFacts): GettingStartedLine[] {
  return GETTING_STARTED_ITEMS.map((item) => ({
    item,
    ...WORDING[item],
    done: itemDone(item, facts),
    markable: MARKABLE_ITEMS.includes(item),
  }))
}

/** Every item done: the checklist may be dismissed. */
export function checklistComplete(lines: readonly GettingStartedLine[]): boolean {
  return lines.every((line) => line.done)
}
