import { builder } from '#server/graphql/builder.ts'
import type { SandboxNavItem } from '../preview-as-member.ts'

export const SandboxNavItemRef = builder.objectRef<SandboxNavItem>('SandboxNavItem').implement({
  description: 'One item of a member sidebar, with its section (0 is the top; the others are events).',
  fields: (t) => ({
    section: t.exposeInt('section'),
    sectionTitle: t.exposeString('sectionTitle', { nullable: true }),
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    to: t.exposeString('to'),
  }),
})
