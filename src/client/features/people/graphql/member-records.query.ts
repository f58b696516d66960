import { graphql } from '#client/gql/gql.ts'

/** `/admin/profiles`: one page of the filtered membership, and the events to filter by. */
export const MemberRecordsQuery = graphql(`
  query MemberRecords($filter: MemberRecordFilter, $offset: Int, $limit: Int) {
    memberRecords(filter: $filter, offset: $offset, limit: $limit) {
      total
      offset
      items {
        ...MemberRecordFields
      }
    }
  }
`)

export const MemberRecordEventsQuery = graphql(`
  query MemberRecordEvents {
    events {
      ...EventChoiceFields
    }
  }
`)

export const MemberRecordsCsvQuery = graphql(`
  query MemberRecordsCsv($filter: MemberRecordFilter) {
    memberRecordsCsv(filter: $filter)
  }
`)

/** `/admin/profiles/{slug}`: everything held about one member. */
export const MemberRecordQuery = graphql(`
  query MemberRecord($slug: String!) {
    memberRecord(slug: $slug) {
      id
      member {
        ...MemberRecordFields
      }
      pronouns
      phone
      dietaryRequirements
      accessNeeds
      emergencyContact
      bio
      applications {
        id
        eventTitle
        eventSlug
        applicationType
        status
        submittedAt
        paidPence
      }
      payments {
        id
        applicationId
        lineKey
        amountPence
        method
        recordedAt
      }
      ticketOrders {
        id
        eventTitle
        quantity
        amountPence
        status
        reference
        createdAt
      }
      subscriptions {
        id
        listName
        listSlug
        status
        email
      }
      roleTerms {
        id
        role
        startsAt
        endsAt
      }
      audit(limit: 25) {
        id
        action
        actorId
        before
        after
        createdAt
      }
    }
  }
`)

export const UpdateMemberProfileMutation = graphql(`
  mutation UpdateMemberProfile($slug: String!, $input: StaffProfileEditInput!) {
    updateMemberProfile(slug: $slug, input: $input) {
      id
      slug
      name
      preferredName
      voicePart
    }
  }
`)

/** superAdmin: members inactive for RETENTION_YEARS, to review for deletion (decision 0020). */
export const InactiveProfilesQuery = graphql(`
  query InactiveProfiles {
    retentionYears
    inactiveProfiles {
      id
      name
      email
      slug
      lastActiveAt
    }
  }
`)

/** A member as the records list and the record page show them. */
export const MemberRecordFieldsFragment = graphql(`
  fragment MemberRecordFields on MemberRecord {
    id
    slug
    name
    email
    preferredName
    voicePart
    instruments
    roles
    joinedAt
  }
`)
