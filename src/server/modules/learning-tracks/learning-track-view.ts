import type { learningTracks } from '#server/db/schema/index.ts'
import { signFileUrl } from '#server/storage/signed-url.ts'

export type LearningTrackRow = typeof learningTracks.$inferSelect

// NOTE: a rehearsal at home easily outlasts the default 15-minute link, and the <audio> element asks
// for new byte ranges with the same URL on every seek: an expired link would break playback halfway.
// Four hours covers a long session; reloading the page signs fresh links.
export const TRACK_URL_TTL_SECONDS = 4 * 60 * 60

export interface LearningTrackView {
  id: string
  numberId: string
  /** Null: the track is for everyone. */
  part: string | null
  fileName: string
  contentType: string
  size: number
  /** A signed, expiring link that streams the audio with HTTP Range. */
  url: string
}

/** A track as members get it: its stored key becomes a signed link valid `TRACK_URL_TTL_SECONDS`. */
export function toTrackView(track: LearningTrackRow, authSecret: string): LearningTrackView {
  return {
    id: track.id,
    numberId: track.numberId,
    part: track.part,
    fileName: track.fileName,
    contentType: track.contentType,
    size: track.size,
    url: signFileUrl(track.fileKey, authSecret, TRACK_URL_TTL_SECONDS),
  }
}
