import { graphql } from '#client/gql/gql.ts'

/** The Committee view: every role held, with its holder's term. */
export const CommitteeQuery = graphql(`
  query Committee {
    committee {
      role
      startsAt
      endsAt
      user {
        id
        name
        email
      }
    }
  }
`)

export const GrantCommitteeRoleMutation = graphql(`
  mutation GrantCommitteeRole($email: String!, $role: Role!, $endsAt: DateTime) {
    grantCommitteeRole(email: $email, role: $role, endsAt: $endsAt) {
      id
      roles
    }
  }
`)

export const RevokeRoleMutation = graphql(`
  mutation RevokeCommitteeRole($userId: ID!, $role: Role!) {
    revokeRole(userId: $userId, role: $role) {
      id
      roles
    }
  }
`)

export const HandOverRoleMutation = graphql(`
  mutation HandOverRole($role: Role!, $fromUserId: ID!, $toEmail: String!) {
    handOverRole(role: $role, fromUserId: $fromUserId, toEmail: $toEmail) {
      id
      roles
    }
  }
`)
