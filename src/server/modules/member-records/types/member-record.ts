import { builder } from '#server/graphql/builder.ts'
import { RoleEnum } from '#server/modules/users/types/role.ts'
import { instrumentSummary, type MemberRecordPage, type MemberRecordRow } from '../member-records.queries.ts'

export const MemberRecordRef = builder.objectRef<MemberRecordRow>('MemberRecord').implement({
  description: 'One member in the member records list (staff: admin.profiles).',
  fields: (t) => ({
    id: t.exposeID('userId'),
    slug: t.exposeString('slug', { description: 'The record’s address: the profile slug, or the user id.' }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    preferredName: t.exposeString('preferredName', { nullable: true }),
    voicePart: t.exposeString('voicePart', { nullable: true }),
    instruments: t.string({
      description: 'Instruments with level, e.g. "Violin (advanced); Viola (beginner)" (as in the CSV).',
      resolve: (m) => instrumentSummary(m.instruments),
    }),
    roles: t.expose('roles', { type: [RoleEnum] }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
  }),
})

export const MemberRecordPageRef = builder.objectRef<MemberRecordPage>('MemberRecordPage').implement({
  description: 'One page of a search over the membership; `total` counts every match.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    offset: t.exposeInt('offset'),
    items: t.field({ type: [MemberRecordRef], resolve: (p) => p.items }),
  }),
})

export const MemberRecordFilterRef = builder.inputType('MemberRecordFilter', {
  description:
    'Filters of the member records list; checked by the shared schema (core/profiles/member-records).',
  fields: (t) => ({
    search: t.string({ description: 'Part of a name, preferred name, email or slug.' }),
    role: t.field({ type: RoleEnum }),
    voicePart: t.string({ description: 'One of the profile’s voice parts, e.g. "alto 1".' }),
    instrument: t.string({ description: 'An instrument name (whole, case-insensitive).' }),
    eventSlug: t.string({ description: 'Members with a CONFIRMED or PAID application to this event.' }),
    joinedYear: t.int({ description: 'The year the account was created (UTC).' }),
  }),
})

export const StaffProfileEditRef = builder.inputType('StaffProfileEditInput', {
  description: 'What staff may correct on a member’s profile; empty strings clear a field.',
  fields: (t) => ({
    name: t.string({ required: true }),
    preferredName: t.string(),
    pronouns: t.string(),
    phone: t.string(),
    voicePart: t.string(),
    dietaryRequirements: t.string(),
    accessNeeds: t.string(),
  }),
})
