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
    "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n": typeof types.AnnouncementsDocument,
    "\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n": typeof types.EventDocument,
    "\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n": typeof types.HomeEventsDocument,
    "\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n": typeof types.NavItemsQueryDocument,
};
const documents: Documents = {
    "\n  query AdminDashboard {\n    adminDashboard {\n      applicationsByStatus {\n        status\n        count\n      }\n      upcomingEvents {\n        id\n        slug\n        title\n        startDate\n        signupDeadline\n      }\n      recentActivityCount\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  query AdminEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n  }\n": types.AdminEventsDocument,
    "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n": types.AnnouncementsDocument,
    "\n  query Event($slug: String!) {\n    event(slug: $slug) {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n    }\n  }\n": types.EventDocument,
    "\n  query HomeEvents {\n    events {\n      id\n      slug\n      type\n      title\n      showName\n      startDate\n      endDate\n      signupDeadline\n      summary\n      venue\n    }\n    myApplications {\n      id\n      applicationType\n      status\n      event {\n        slug\n      }\n    }\n  }\n": types.HomeEventsDocument,
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
export function graphql(source: "\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n"): (typeof documents)["\n  subscription Announcements {\n    announcements {\n      id\n      message\n      authorName\n      createdAt\n    }\n  }\n"];
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
export function graphql(source: "\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query NavItemsQuery {\n    myApplications {\n      id\n      applicationType\n      status\n      updatedAt\n      event {\n        slug\n        type\n        title\n        showName\n        startDate\n        endDate\n        signupDeadline\n        eventConfig {\n          permissions {\n            releaseParticipantInfoPack\n            releaseFinalParticipantInfo\n          }\n          paymentLines\n        }\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;