import { applicationFormSchema } from '#core/applications/application.schemas.ts'
import { AppError } from '#core/errors.ts'
import type { Question } from '#core/events/event-config.schemas.ts'
import { SIGNUP_CLOSED_MESSAGES, type SignupClosedReason } from '#core/events/signup.ts'
import type { ProfileEssentials } from '#core/profiles/profile.schemas.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Tx } from '#server/db/client.ts'
import { validationError } from '#server/modules/shared/guards.ts'
import { findUploads } from '#server/storage/uploads.ts'

// What submitting and editing an application share: reading the form, and the files it names.

/** Why a member cannot apply, as an error: a draft event or an unknown type does not exist for them. */
export function closedError(reason: SignupClosedReason): AppError {
  if (reason === 'DRAFT' || reason === 'NO_SUCH_TYPE')
    return new AppError('NOT_FOUND', SIGNUP_CLOSED_MESSAGES[reason])
  return new AppError('CONFLICT', SIGNUP_CLOSED_MESSAGES[reason])
}

/** Parse {profile, answers} with the form's schema; VALIDATION with paths like `answers.why`. */
export function parseForm(
  questions: readonly Question[],
  profile: unknown,
  answers: unknown,
): { profile: ProfileEssentials; answers: Record<string, unknown> } {
  const parsed = applicationFormSchema(questions).safeParse({ profile, answers })
  if (!parsed.success) throw validationError(parsed.error.issues)
  return { profile: parsed.data.profile, answers: parsed.data.answers as Record<string, unknown> }
}

/** Every file answer must name a file this member uploaded (the upload's audit entry says so). */
export async function checkFiles(
  tx: Tx,
  member: Viewer,
  questions: readonly Question[],
  answers: Record<string, unknown>,
): Promise<void> {
  const files = questions
    .filter((q) => q.kind === 'file' && answers[q.id])
    .map((q) => ({ id: q.id, key: (answers[q.id] as { key: string }).key }))
  if (!files.length) return
  const uploads = await findUploads(
    tx,
    files.map((f) => f.key),
  )
  const mine = new Set(uploads.filter((u) => u.uploader?.id === member.id).map((u) => u.key))
  const bad = files.filter((f) => !mine.has(f.key))
  if (bad.length) {
    throw validationError(
      bad.map((f) => ({ path: ['answers', f.id], message: 'Upload the file again: we cannot find it.' })),
    )
  }
}
