import type { ApplicationStatus } from '#core/applications/status.ts'

// Every realtime topic and the payload it carries, once. `Bus.publish` and the GraphQL context's
// `pubsub.subscribe` are typed from this map, so a publisher and its subscribers cannot disagree.
// Payloads cross processes as NOTIFY text on PostgreSQL: keep them small (ids, not rows).

/** Any change to an application; admins' casting and acceptance pages and the applicant's sidebar listen. */
export interface ApplicationChanged {
  eventId: string
  applicationId: string
  /** The applicant: members' sidebars skip other members' changes without a query. */
  userId: string
  status: ApplicationStatus
  version: number
}

/** A show's name became public at its reveal. */
export interface ShowRevealed {
  eventId: string
  slug: string
  showName: string
  revealedAt: string
}

/** An event's releases (or anything else members' sidebars read) changed. */
export interface EventReleasesChanged {
  kind: 'releases'
  eventId: string
}

/** A site-wide notice shown live to everyone connected. */
export interface Announcement {
  id: string
  message: string
  createdAt: string
  authorName: string
}

/**
 * Who a user is changed: roles granted, revoked or lapsed, sessions revoked (sign-out everywhere,
 * password change), or the account deleted. Caches of who a token names drop the user, live
 * subscriptions check again, and the user's own open tabs refresh (or sign out on `deleted`).
 */
export interface UserChanged {
  userId: string
  reason: UserChangeReason
}

/**
 * An event's door count moved (a ticket checked in, a box-office sale): the open door pages count
 * again. Only the event's id: each subscriber counts for itself, so a late message never shows an
 * older figure than the one before it.
 */
export interface DoorCountChanged {
  eventId: string
}

export const USER_CHANGE_REASONS = ['roles', 'sessions', 'deleted', 'profile'] as const
export type UserChangeReason = (typeof USER_CHANGE_REASONS)[number]

export interface Topics {
  APPLICATION_CHANGED: ApplicationChanged
  SHOW_REVEALED: ShowRevealed
  EVENT_RELEASES_CHANGED: EventReleasesChanged
  ANNOUNCEMENTS: Announcement
  USER_CHANGED: UserChanged
  DOOR_COUNT_CHANGED: DoorCountChanged
}

export type Topic = keyof Topics
