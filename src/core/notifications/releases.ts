import type { ParticipantPage } from '../participants/access.ts'

/** The participant pages whose release members are told about (email, and push where turned on). */
export const ANNOUNCED_RELEASES = ['infoPack', 'castList'] as const satisfies readonly ParticipantPage[]
export type AnnouncedRelease = (typeof ANNOUNCED_RELEASES)[number]

interface ReleaseFlags {
  releaseParticipantInfoPack: boolean
  releaseCastList?: boolean
}

/** What each announced release is called in the email and the notification. */
export const RELEASE_NAMES: Record<AnnouncedRelease, string> = {
  infoPack: 'info pack',
  castList: 'cast list',
}

/**
 * The pages a change of release flags has just released (off → on) for the first time. Turning a
 * flag off, saving it on again, or turning it off and on again announces nothing: members are told
 * once per page, on its first release.
 */
export function newlyReleased(
  before: ReleaseFlags,
  after: ReleaseFlags,
  alreadyAnnounced: readonly AnnouncedRelease[] = [],
): AnnouncedRelease[] {
  const released: AnnouncedRelease[] = []
  if (!before.releaseParticipantInfoPack && after.releaseParticipantInfoPack) released.push('infoPack')
  if (!before.releaseCastList && after.releaseCastList === true) released.push('castList')
  return released.filter((page) => !alreadyAnnounced.includes(page))
}
