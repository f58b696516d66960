/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AdminDashboard {\n    adminDashboard {\n      applicationsByStatus {\n        status\n        count\n      }\n      upcomingEvents {\n        id\n        slug\n        title\n        startDate\n        signupDeadline\n      }\n      recentActivityCount\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  query AdminEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n": typeof types.AdminEventsDocument,
    "\n  query AdminEventList($includeArchived: Boolean) {\n    adminEvents(includeArchived: $includeArchived) {\n      id\n      slug\n      type\n      title\n      showName\n      visibility\n      archivedAt\n      startDate\n      endDate\n      eventConfig\n      updatedAt\n    }\n  }\n": typeof types.AdminEventListDocument,
    "\n  query AdminEvent($slug: String!) {\n    adminEvent(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      audienceTypes\n      eventConfig\n    }\n  }\n": typeof types.AdminEventDocument,
    "\n  mutation CreateEvent($input: JSON!) {\n    createEvent(input: $input) {\n      id\n      slug\n      visibility\n    }\n  }\n": typeof types.CreateEventDocument,
    "\n  mutation UpdateEvent($id: ID!, $input: JSON!) {\n    updateEvent(id: $id, input: $input) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      updatedAt\n    }\n  }\n": typeof types.UpdateEventDocument,
    "\n  mutation PublishEvent($id: ID!, $visibility: EventVisibility) {\n    publishEvent(id: $id, visibility: $visibility) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n": typeof types.PublishEventDocument,
    "\n  mutation UnpublishEvent($id: ID!) {\n    unpublishEvent(id: $id) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n": typeof types.UnpublishEventDocument,
    "\n  mutation ArchiveEvent($id: ID!) {\n    archiveEvent(id: $id) {\n      id\n      archivedAt\n      updatedAt\n    }\n  }\n": typeof types.ArchiveEventDocument,
    "\n  mutation DuplicateEvent($id: ID!, $slug: String!, $title: String) {\n    duplicateEvent(id: $id, slug: $slug, title: $title) {\n      id\n      slug\n    }\n  }\n": typeof types.DuplicateEventDocument,
    "\n  mutation SetEventReleases(\n    $id: ID!\n    $releaseParticipantInfoPack: Boolean\n    $releaseFinalParticipantInfo: Boolean\n    $releaseCastList: Boolean\n  ) {\n    setEventReleases(\n      id: $id\n      releaseParticipantInfoPack: $releaseParticipantInfoPack\n      releaseFinalParticipantInfo: $releaseFinalParticipantInfo\n      releaseCastList: $releaseCastList\n    ) {\n      id\n      eventConfig\n      updatedAt\n    }\n  }\n": typeof types.SetEventReleasesDocument,
    "\n  query ShowReveals {\n    showReveals {\n      id\n      slug\n      title\n      showName\n      revealAt\n      visibility\n    }\n  }\n": typeof types.ShowRevealsDocument,
    "\n  mutation ScheduleShowReveal($id: ID!, $revealAt: DateTime!) {\n    scheduleShowReveal(id: $id, revealAt: $revealAt) {\n      id\n      revealAt\n      showName\n    }\n  }\n": typeof types.ScheduleShowRevealDocument,
    "\n  mutation RevealShowNow($id: ID!) {\n    revealShowNow(id: $id) {\n      id\n      revealAt\n      showName\n    }\n  }\n": typeof types.RevealShowNowDocument,
    "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n": typeof types.AnnouncementsDocument,
    "\n  query EventPage($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n      descriptionHtml\n      audienceTypes {\n        key\n        title\n        contentHtml\n      }\n    }\n  }\n": typeof types.EventPageDocument,
    "\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n": typeof types.EventDocument,
    "\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n": typeof types.HomeEventsDocument,
    "\n  query Listings {\n    listings {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n": typeof types.ListingsDocument,
    "\n  subscription ShowRevealed {\n    showRevealed {\n      eventId\n      slug\n      showName\n      revealedAt\n    }\n  }\n": typeof types.ShowRevealedDocument,
    "\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n": typeof types.NavItemsQueryDocument,
};
const documents: Documents = {
    "\n  query AdminDashboard {\n    adminDashboard {\n      applicationsByStatus {\n        status\n        count\n      }\n      upcomingEvents {\n        id\n        slug\n        title\n        startDate\n        signupDeadline\n      }\n      recentActivityCount\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  query AdminEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n": types.AdminEventsDocument,
    "\n  query AdminEventList($includeArchived: Boolean) {\n    adminEvents(includeArchived: $includeArchived) {\n      id\n      slug\n      type\n      title\n      showName\n      visibility\n      archivedAt\n      startDate\n      endDate\n      eventConfig\n      updatedAt\n    }\n  }\n": types.AdminEventListDocument,
    "\n  query AdminEvent($slug: String!) {\n    adminEvent(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      audienceTypes\n      eventConfig\n    }\n  }\n": types.AdminEventDocument,
    "\n  mutation CreateEvent($input: JSON!) {\n    createEvent(input: $input) {\n      id\n      slug\n      visibility\n    }\n  }\n": types.CreateEventDocument,
    "\n  mutation UpdateEvent($id: ID!, $input: JSON!) {\n    updateEvent(id: $id, input: $input) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      updatedAt\n    }\n  }\n": types.UpdateEventDocument,
    "\n  mutation PublishEvent($id: ID!, $visibility: EventVisibility) {\n    publishEvent(id: $id, visibility: $visibility) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n": types.PublishEventDocument,
    "\n  mutation UnpublishEvent($id: ID!) {\n    unpublishEvent(id: $id) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n": types.UnpublishEventDocument,
    "\n  mutation ArchiveEvent($id: ID!) {\n    archiveEvent(id: $id) {\n      id\n      archivedAt\n      updatedAt\n    }\n  }\n": types.ArchiveEventDocument,
    "\n  mutation DuplicateEvent($id: ID!, $slug: String!, $title: String) {\n    duplicateEvent(id: $id, slug: $slug, title: $title) {\n      id\n      slug\n    }\n  }\n": types.DuplicateEventDocument,
    "\n  mutation SetEventReleases(\n    $id: ID!\n    $releaseParticipantInfoPack: Boolean\n    $releaseFinalParticipantInfo: Boolean\n    $releaseCastList: Boolean\n  ) {\n    setEventReleases(\n      id: $id\n      releaseParticipantInfoPack: $releaseParticipantInfoPack\n      releaseFinalParticipantInfo: $releaseFinalParticipantInfo\n      releaseCastList: $releaseCastList\n    ) {\n      id\n      eventConfig\n      updatedAt\n    }\n  }\n": types.SetEventReleasesDocument,
    "\n  query ShowReveals {\n    showReveals {\n      id\n      slug\n      title\n      showName\n      revealAt\n      visibility\n    }\n  }\n": types.ShowRevealsDocument,
    "\n  mutation ScheduleShowReveal($id: ID!, $revealAt: DateTime!) {\n    scheduleShowReveal(id: $id, revealAt: $revealAt) {\n      id\n      revealAt\n      showName\n    }\n  }\n": types.ScheduleShowRevealDocument,
    "\n  mutation RevealShowNow($id: ID!) {\n    revealShowNow(id: $id) {\n      id\n      revealAt\n      showName\n    }\n  }\n": types.RevealShowNowDocument,
    "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n": types.AnnouncementsDocument,
    "\n  query EventPage($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n      descriptionHtml\n      audienceTypes {\n        key\n        title\n        contentHtml\n      }\n    }\n  }\n": types.EventPageDocument,
    "\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n": types.EventDocument,
    "\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n": types.HomeEventsDocument,
    "\n  query Listings {\n    listings {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n": types.ListingsDocument,
    "\n  subscription ShowRevealed {\n    showRevealed {\n      eventId\n      slug\n      showName\n      revealedAt\n    }\n  }\n": types.ShowRevealedDocument,
    "\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n": types.NavItemsQueryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard {\n    adminDashboard {\n      applicationsByStatus {\n        status\n        count\n      }\n      upcomingEvents {\n        id\n        slug\n        title\n        startDate\n        signupDeadline\n      }\n      recentActivityCount\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard {\n    adminDashboard {\n      applicationsByStatus {\n        status\n        count\n      }\n      upcomingEvents {\n        id\n        slug\n        title\n        startDate\n        signupDeadline\n      }\n      recentActivityCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n"): (typeof documents)["\n  query AdminEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEventList($includeArchived: Boolean) {\n    adminEvents(includeArchived: $includeArchived) {\n      id\n      slug\n      type\n      title\n      showName\n      visibility\n      archivedAt\n      startDate\n      endDate\n      eventConfig\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminEventList($includeArchived: Boolean) {\n    adminEvents(includeArchived: $includeArchived) {\n      id\n      slug\n      type\n      title\n      showName\n      visibility\n      archivedAt\n      startDate\n      endDate\n      eventConfig\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminEvent($slug: String!) {\n    adminEvent(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      audienceTypes\n      eventConfig\n    }\n  }\n"): (typeof documents)["\n  query AdminEvent($slug: String!) {\n    adminEvent(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      audienceTypes\n      eventConfig\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEvent($input: JSON!) {\n    createEvent(input: $input) {\n      id\n      slug\n      visibility\n    }\n  }\n"): (typeof documents)["\n  mutation CreateEvent($input: JSON!) {\n    createEvent(input: $input) {\n      id\n      slug\n      visibility\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEvent($id: ID!, $input: JSON!) {\n    updateEvent(id: $id, input: $input) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateEvent($id: ID!, $input: JSON!) {\n    updateEvent(id: $id, input: $input) {\n      id\n      slug\n      type\n      title\n      showName\n      summary\n      description\n      venue\n      startDate\n      endDate\n      signupDeadline\n      visibility\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishEvent($id: ID!, $visibility: EventVisibility) {\n    publishEvent(id: $id, visibility: $visibility) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation PublishEvent($id: ID!, $visibility: EventVisibility) {\n    publishEvent(id: $id, visibility: $visibility) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnpublishEvent($id: ID!) {\n    unpublishEvent(id: $id) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation UnpublishEvent($id: ID!) {\n    unpublishEvent(id: $id) {\n      id\n      visibility\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ArchiveEvent($id: ID!) {\n    archiveEvent(id: $id) {\n      id\n      archivedAt\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ArchiveEvent($id: ID!) {\n    archiveEvent(id: $id) {\n      id\n      archivedAt\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateEvent($id: ID!, $slug: String!, $title: String) {\n    duplicateEvent(id: $id, slug: $slug, title: $title) {\n      id\n      slug\n    }\n  }\n"): (typeof documents)["\n  mutation DuplicateEvent($id: ID!, $slug: String!, $title: String) {\n    duplicateEvent(id: $id, slug: $slug, title: $title) {\n      id\n      slug\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetEventReleases(\n    $id: ID!\n    $releaseParticipantInfoPack: Boolean\n    $releaseFinalParticipantInfo: Boolean\n    $releaseCastList: Boolean\n  ) {\n    setEventReleases(\n      id: $id\n      releaseParticipantInfoPack: $releaseParticipantInfoPack\n      releaseFinalParticipantInfo: $releaseFinalParticipantInfo\n      releaseCastList: $releaseCastList\n    ) {\n      id\n      eventConfig\n      updatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation SetEventReleases(\n    $id: ID!\n    $releaseParticipantInfoPack: Boolean\n    $releaseFinalParticipantInfo: Boolean\n    $releaseCastList: Boolean\n  ) {\n    setEventReleases(\n      id: $id\n      releaseParticipantInfoPack: $releaseParticipantInfoPack\n      releaseFinalParticipantInfo: $releaseFinalParticipantInfo\n      releaseCastList: $releaseCastList\n    ) {\n      id\n      eventConfig\n      updatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ShowReveals {\n    showReveals {\n      id\n      slug\n      title\n      showName\n      revealAt\n      visibility\n    }\n  }\n"): (typeof documents)["\n  query ShowReveals {\n    showReveals {\n      id\n      slug\n      title\n      showName\n      revealAt\n      visibility\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ScheduleShowReveal($id: ID!, $revealAt: DateTime!) {\n    scheduleShowReveal(id: $id, revealAt: $revealAt) {\n      id\n      revealAt\n      showName\n    }\n  }\n"): (typeof documents)["\n  mutation ScheduleShowReveal($id: ID!, $revealAt: DateTime!) {\n    scheduleShowReveal(id: $id, revealAt: $revealAt) {\n      id\n      revealAt\n      showName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevealShowNow($id: ID!) {\n    revealShowNow(id: $id) {\n      id\n      revealAt\n      showName\n    }\n  }\n"): (typeof documents)["\n  mutation RevealShowNow($id: ID!) {\n    revealShowNow(id: $id) {\n      id\n      revealAt\n      showName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventPage($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n      descriptionHtml\n      audienceTypes {\n        key\n        title\n        contentHtml\n      }\n    }\n  }\n"): (typeof documents)["\n  query EventPage($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n      descriptionHtml\n      audienceTypes {\n        key\n        title\n        contentHtml\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n"): (typeof documents)["\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Listings {\n    listings {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n"): (typeof documents)["\n  query Listings {\n    listings {\n      id\n      slug\n      type\n      title\n      showName\n      revealAt\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ShowRevealed {\n    showRevealed {\n      eventId\n      slug\n      showName\n      revealedAt\n    }\n  }\n"): (typeof documents)["\n  subscription ShowRevealed {\n    showRevealed {\n      eventId\n      slug\n      showName\n      revealedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;