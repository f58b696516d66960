import { builder } from '#server/graphql/builder.ts'
import { StudentStatusEnum } from '#server/modules/people/types/student-status.ts'
import type { ApplicantRow } from '../casting.queries.ts'
import { ApplicantInstrumentRef } from './applicant-instrument.ts'

export const ApplicantRef = builder.objectRef<ApplicantRow>('Applicant').implement({
  description: "An applicant's profile as casting sees it (admins only).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    preferredName: t.string({ nullable: true, resolve: (u) => u.profile?.preferredName ?? null }),
    pronouns: t.string({ nullable: true, resolve: (u) => u.profile?.pronouns ?? null }),
    phone: t.string({ nullable: true, resolve: (u) => u.profile?.phone ?? null }),
    voicePart: t.string({ nullable: true, resolve: (u) => u.profile?.voicePart ?? null }),
    instruments: t.field({ type: [ApplicantInstrumentRef], resolve: (u) => u.profile?.instruments ?? [] }),
    studentStatus: t.field({
      type: StudentStatusEnum,
      nullable: true,
      resolve: (u) => u.profile?.studentStatus ?? null,
    }),
    institution: t.string({ nullable: true, resolve: (u) => u.profile?.institution ?? null }),
    course: t.string({ nullable: true, resolve: (u) => u.profile?.course ?? null }),
    graduationYear: t.int({ nullable: true, resolve: (u) => u.profile?.graduationYear ?? null }),
    dietaryRequirements: t.string({ nullable: true, resolve: (u) => u.profile?.dietaryRequirements ?? null }),
    accessNeeds: t.string({ nullable: true, resolve: (u) => u.profile?.accessNeeds ?? null }),
    bio: t.string({ nullable: true, resolve: (u) => u.profile?.bio ?? null }),
  }),
})
