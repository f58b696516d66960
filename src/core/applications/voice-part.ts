import type { Question } from '../events/event-config.schemas.ts'

/**
 * The voice part the applicant gave on this application (the first voice-part question answered),
 * falling back to their profile's. Staff lists show this one: the answer is what they applied with.
 */
export function answeredVoicePart(
  questions: readonly Pick<Question, 'id' | 'kind'>[],
  answers: Record<string, unknown> | null | undefined,
  profileVoicePart: string | null,
): string | null {
  for (const q of questions) {
    if (q.kind !== 'voice_part') continue
    const answer = answers?.[q.id]
    if (typeof answer === 'string' && answer.trim()) return answer
  }
  return profileVoicePart
}
