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
 * The pages a change of release flags has just released (off → on). Turning a flag off, or saving
 * it on again, announces nothing, so members are told once per release.
 */
export function newlyReleased(before: ReleaseFlags, after: ReleaseFlags): AnnouncedRelease[] {
  const released: AnnouncedRelease[] = []
  if (!before.releaseParticipantInfoPack && after.releaseParticipantInfoPack) released.push('infoPack')
  if (!before.releaseCastList && after.releaseCastList === true) released.push('castList')
  return released
}
