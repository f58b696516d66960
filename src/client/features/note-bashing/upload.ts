import { checkUpload } from '#core/files/upload-rules.ts'

/**
 * Before sending: a type the browser names and the audio rules refuse is refused here with the
 * server's words. An unnamed type (some systems send none for .m4a) is left to the server's sniffing.
 */
export function precheckAudio(file: { type: string }): string | null {
  if (!file.type) return null
  const check = checkUpload(
    { purpose: 'audio', contentType: file.type },
    { globalLimitBytes: Number.MAX_SAFE_INTEGER },
  )
  return check.ok ? null : check.message
}
