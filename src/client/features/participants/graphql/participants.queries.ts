import { graphql } from '#client/gql/gql.ts'

// Each page's data. `preview` is for the admin sandbox only (the server refuses it to anyone else).

export const InfoPackQuery = graphql(`
  query InfoPack($eventSlug: String!, $applicationType: String, $preview: ParticipantPreviewInput) {
    participantInfoPack(eventSlug: $eventSlug, applicationType: $applicationType, preview: $preview) {
      eventSlug
      eventTitle
      applicationType
      applicationTypeLabel
      html
      attachments {
        id
        title
        fileName
        contentType
        size
        url
      }
    }
  }
`)

export const VenueAccessQuery = graphql(`
  query VenueAccess($eventSlug: String!, $preview: ParticipantPreviewInput) {
    venueAccess(eventSlug: $eventSlug, preview: $preview) {
      eventSlug
      eventTitle
      venue
      mapUrl
      html
      startDate
      endDate
    }
  }
`)

export const CastListQuery = graphql(`
  query CastList($eventSlug: String!, $preview: ParticipantPreviewInput) {
    castList(eventSlug: $eventSlug, preview: $preview) {
      eventSlug
      eventTitle
      parts
      members {
        part
        name
        pronouns
      }
    }
  }
`)

export const PartBreakdownQuery = graphql(`
  query PartBreakdown($eventSlug: String!, $preview: ParticipantPreviewInput) {
    partBreakdown(eventSlug: $eventSlug, preview: $preview) {
      ...PartBreakdownFields
    }
  }
`)

export const SocialLinksQuery = graphql(`
  query SocialLinks($eventSlug: String!, $preview: ParticipantPreviewInput) {
    socialLinks(eventSlug: $eventSlug, preview: $preview) {
      ...EventContentPageFields
    }
  }
`)

export const TicketSalesInfoQuery = graphql(`
  query TicketSalesInfo($eventSlug: String!) {
    ticketSalesInfo(eventSlug: $eventSlug) {
      ...EventContentPageFields
    }
  }
`)

export const CancellationsInfoQuery = graphql(`
  query CancellationsInfo($eventSlug: String!) {
    cancellationsInfo(eventSlug: $eventSlug) {
      ...EventContentPageFields
    }
  }
`)

export const SocialListQuery = graphql(`
  query SocialList {
    socialList {
      signedIn
      optIn
      events {
        slug
        title
        venue
        startDate
        endDate
      }
      going {
        eventSlug
        name
        pronouns
      }
    }
  }
`)

export const SetSocialListOptInMutation = graphql(`
  mutation SetSocialListOptIn($optIn: Boolean!) {
    setSocialListOptIn(optIn: $optIn)
  }
`)

export const SandboxSidebarQuery = graphql(`
  query SandboxSidebar($eventSlug: String!, $applicationType: String!, $status: ApplicationStatus!) {
    sandboxSidebar(eventSlug: $eventSlug, applicationType: $applicationType, status: $status) {
      section
      sectionTitle
      key
      label
      to
    }
  }
`)

export const SandboxEventsQuery = graphql(`
  query SandboxEvents {
    adminEvents {
      id
      slug
      title
      type
      eventConfig
    }
  }
`)

export const AdminBreakdownEventQuery = graphql(`
  query AdminBreakdownEvent($eventSlug: String!) {
    adminEvent(slug: $eventSlug) {
      id
      slug
      title
      eventConfig
    }
    partBreakdown(eventSlug: $eventSlug) {
      ...PartBreakdownFields
    }
    eventAttachments(eventSlug: $eventSlug) {
      id
      applicationType
      title
      fileName
      contentType
      size
      url
    }
  }
`)

export const SetEventNumbersMutation = graphql(`
  mutation SetEventNumbers($eventSlug: String!, $numbers: [EventNumberInput!]!) {
    setEventNumbers(eventSlug: $eventSlug, numbers: $numbers) {
      eventSlug
    }
  }
`)

export const SetPartBreakdownCellMutation = graphql(`
  mutation SetPartBreakdownCell($eventSlug: String!, $numberId: ID!, $part: String!, $note: String!) {
    setPartBreakdownCell(eventSlug: $eventSlug, numberId: $numberId, part: $part, note: $note) {
      eventSlug
    }
  }
`)

export const ImportPartBreakdownCsvMutation = graphql(`
  mutation ImportPartBreakdownCsv($eventSlug: String!, $csv: String!) {
    importPartBreakdownCsv(eventSlug: $eventSlug, csv: $csv) {
      eventSlug
    }
  }
`)

export const AddEventAttachmentMutation = graphql(`
  mutation AddEventAttachment(
    $eventSlug: String!
    $applicationType: String
    $title: String!
    $fileKey: String!
  ) {
    addEventAttachment(
      eventSlug: $eventSlug
      applicationType: $applicationType
      title: $title
      fileKey: $fileKey
    ) {
      id
    }
  }
`)

export const RemoveEventAttachmentMutation = graphql(`
  mutation RemoveEventAttachment($id: ID!) {
    removeEventAttachment(id: $id)
  }
`)

/** The part breakdown as its page shows it, for members and for the admin preview. */
export const PartBreakdownFieldsFragment = graphql(`
  fragment PartBreakdownFields on PartBreakdown {
    eventSlug
    eventTitle
    parts
    ownPart
    numbers {
      id
      position
      label
      title
    }
    cells {
      numberId
      part
      note
    }
  }
`)

/** An event's content page (social links, ticket sales, cancellations): one shape for all three. */
export const EventContentPageFieldsFragment = graphql(`
  fragment EventContentPageFields on EventContentPage {
    eventSlug
    eventTitle
    html
  }
`)
