import { builder } from '#server/graphql/builder.ts'
import { getMemberRecord } from './member-record.queries.ts'
import { exportMemberRecordsCsv, listMemberRecords } from './member-records.queries.ts'
import { MemberRecordDetailRef } from './types/member-record-detail.ts'
import {
  MemberRecordFilterRef,
  MemberRecordPageRef,
  MemberRecordRef,
  StaffProfileEditRef,
} from './types/member-record.ts'
import { updateMemberProfile } from './update-member-profile.ts'

// Member records (issue 12, decision 0020): superAdmin, boardMember, orchestraAdmin (admin.profiles).

builder.queryFields((t) => ({
  memberRecords: t.field({
    type: MemberRecordPageRef,
    args: {
      filter: t.arg({ type: MemberRecordFilterRef }),
      offset: t.arg.int(),
      limit: t.arg.int(),
    },
    resolve: (_r, args, ctx) => listMemberRecords(ctx, args),
  }),
  memberRecord: t.field({
    type: MemberRecordDetailRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => getMemberRecord(ctx, args.slug),
  }),
  memberRecordsCsv: t.string({
    description: 'Every member matching the filter as CSV, in the list’s order (name, email, roles, …).',
    args: { filter: t.arg({ type: MemberRecordFilterRef }) },
    resolve: (_r, args, ctx) => exportMemberRecordsCsv(ctx, args.filter),
  }),
}))

builder.mutationFields((t) => ({
  updateMemberProfile: t.field({
    type: MemberRecordRef,
    description: 'Staff correct a member’s details; audited with before and after.',
    args: {
      slug: t.arg.string({ required: true }),
      input: t.arg({ type: StaffProfileEditRef, required: true }),
    },
    resolve: (_r, args, ctx) => updateMemberProfile(ctx, args.slug, args.input),
  }),
}))
