import { graphql } from '#client/gql/gql.ts'

// Shapes read by more than one feature, by name: codegen resolves a spread `...Name` in any document,
// so a feature spreads these without importing this file.

/** An event offered in a picker (list maintenance, the diversity report, member records). */
export const EventChoiceFieldsFragment = graphql(`
  fragment EventChoiceFields on Event {
    id
    slug
    title
  }
`)

/** An application type as the event page, audition info and the apply choice show it. */
export const ApplicationTypeChoiceFieldsFragment = graphql(`
  fragment ApplicationTypeChoiceFields on ApplicationTypeInfo {
    key
    label
    open
    auditionRequired
  }
`)

/** An event with its acceptance counts, for the Acceptance and Operations pages. */
export const AcceptanceEventFieldsFragment = graphql(`
  fragment AcceptanceEventFields on AcceptanceEvent {
    id
    slug
    title
    startDate
    counts {
      submitted
      offered
      confirmed
      paid
    }
  }
`)

/** An emergency contact, on the application form and the profile. */
export const EmergencyContactFieldsFragment = graphql(`
  fragment EmergencyContactFields on EmergencyContact {
    name
    phone
    relationship
  }
`)

/** Money by payment method (Ticket Stats, Operations, Money): every method and the totals. */
export const MoneyByMethodFieldsFragment = graphql(`
  fragment MoneyByMethodFields on MoneyByMethod {
    receivedPence
    refundedPence
    netPence
    methods {
      method
      label
      receivedPence
      refundedPence
      netPence
    }
  }
`)
