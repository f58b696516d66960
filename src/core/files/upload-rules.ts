import type { ErrorCode } from '#core/errors.ts'

/**
 * What a member may upload, and how big it may be. Pure so the upload form can check a file before
 * sending it and the server can refuse it with the same words.
 */
export const UPLOAD_PURPOSES = ['image', 'document', 'audio'] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

const MB = 1024 * 1024

export interface UploadRule {
  /** Plural noun for messages: "Images must be …". */
  label: string
  /** Canonical content types (see normalizeContentType). */
  contentTypes: readonly string[]
  /** Null: only the server's global upload limit (UPLOAD_LIMIT_BYTES) applies. */
  maxBytes: number | null
}

export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  image: {
    label: 'Images',
    contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    maxBytes: 10 * MB,
  },
  document: { label: 'Documents', contentTypes: ['application/pdf'], maxBytes: 25 * MB },
  audio: {
    label: 'Audio files',
    contentTypes: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav'],
    maxBytes: null,
  },
}

/** Names people know, for messages. */
const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'application/pdf': 'PDF',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'MP4 audio',
  'audio/x-m4a': 'M4A',
  'audio/ogg': 'Ogg',
  'audio/wav': 'WAV',
}

// NOTE: browsers and operating systems disagree on names for the same format (Windows sends
// audio/x-wav and image/pjpeg, Safari audio/mp4 for .m4a): they are folded into one name first.
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
  'audio/mp3': 'audio/mpeg',
  'audio/mpeg3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/x-mpeg': 'audio/mpeg',
  'audio/m4a': 'audio/x-m4a',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-pn-wav': 'audio/wav',
}

// NOTE: an MP4 file holding only audio (an .mp4 from a phone's voice recorder or an export) sniffs,
// and is named by browsers, as video/mp4: file-type only says audio for the M4A brand. As an audio
// upload it is stored as audio/mp4; the <audio> element plays its sound whatever else is inside.
const PURPOSE_ALIASES: Partial<Record<UploadPurpose, Record<string, string>>> = {
  audio: { 'video/mp4': 'audio/mp4' },
}

/** normalizeContentType, then the purpose's own folds (video/mp4 as audio → audio/mp4). */
export function contentTypeFor(purpose: UploadPurpose, value: string): string {
  const type = normalizeContentType(value)
  return PURPOSE_ALIASES[purpose]?.[type] ?? type
}

/** Lower-case, without parameters (`; codecs=opus`), with aliases folded: `Audio/X-WAV` → `audio/wav`. */
export function normalizeContentType(value: string): string {
  const bare = (value.split(';')[0] ?? '').trim().toLowerCase()
  return ALIASES[bare] ?? bare
}

export function isUploadPurpose(value: unknown): value is UploadPurpose {
  return typeof value === 'string' && (UPLOAD_PURPOSES as readonly string[]).includes(value)
}

/** The largest upload allowed for a purpose, given the server's global limit. */
export function maxUploadBytes(purpose: UploadPurpose, globalLimitBytes: number): number {
  const own = UPLOAD_RULES[purpose].maxBytes
  return own === null ? globalLimitBytes : Math.min(own, globalLimitBytes)
}

/** "10 MB", "2.5 MB", "900 KB" (binary units, as file browsers show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${trim(bytes / MB)} MB`
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`
  return `${bytes} bytes`
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, '')
}

function listTypes(types: readonly string[]): string {
  const names = types.map((t) => TYPE_NAMES[t] ?? t)
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

export interface UploadRefusal {
  ok: false
  code: Extract<ErrorCode, 'VALIDATION' | 'UNSUPPORTED_MEDIA_TYPE' | 'PAYLOAD_TOO_LARGE'>
  message: string
}

export type UploadCheck =
  { ok: true; purpose: UploadPurpose; contentType: string; maxBytes: number } | UploadRefusal

export interface UploadLimits {
  /** UPLOAD_LIMIT_BYTES: no upload may be larger, whatever its purpose. */
  globalLimitBytes: number
}

/**
 * Check an upload as declared by the client: a known purpose, a content type that purpose accepts,
 * and (when known) a size within the limit. `size` is left out while the file is still arriving.
 */
export function checkUpload(
  input: { purpose: string; contentType: string; size?: number },
  limits: UploadLimits,
): UploadCheck {
  if (!isUploadPurpose(input.purpose)) {
    return {
      ok: false,
      code: 'VALIDATION',
      message: `Unknown upload purpose "${input.purpose}". Use one of: ${UPLOAD_PURPOSES.join(', ')}.`,
    }
  }
  const purpose = input.purpose
  const rule = UPLOAD_RULES[purpose]
  const contentType = contentTypeFor(purpose, input.contentType)
  if (!rule.contentTypes.includes(contentType)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `${rule.label} must be ${listTypes(rule.contentTypes)}; this file was sent as ${contentType || 'an unknown type'}.`,
    }
  }
  const maxBytes = maxUploadBytes(purpose, limits.globalLimitBytes)
  if (input.size !== undefined && input.size > maxBytes) return tooLarge(purpose, maxBytes)
  return { ok: true, purpose, contentType, maxBytes }
}

/** The refusal for a file over its limit, also used while it is streaming in. */
export function tooLarge(purpose: UploadPurpose, maxBytes: number): UploadRefusal {
  return {
    ok: false,
    code: 'PAYLOAD_TOO_LARGE',
    message: `${UPLOAD_RULES[purpose].label} can be at most ${formatBytes(maxBytes)}.`,
  }
}

/**
 * Check what the file's bytes say it is (sniffed by the server), so a renamed file is refused. The
 * sniffed type, not the declared one, is what gets stored.
 */
export function checkSniffedType(
  purpose: UploadPurpose,
  sniffed: string | undefined,
): { ok: true; contentType: string } | UploadRefusal {
  const rule = UPLOAD_RULES[purpose]
  const allowed = listTypes(rule.contentTypes)
  if (!sniffed) {
    return {
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `The file's content is not a format we recognise. ${rule.label} must be ${allowed}.`,
    }
  }
  const contentType = contentTypeFor(purpose, sniffed)
  if (!rule.contentTypes.includes(contentType)) {
    return {
      ok: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `The file's content is ${TYPE_NAMES[contentType] ?? contentType}, whatever its name says. ${rule.label} must be ${allowed}.`,
    }
  }
  return { ok: true, contentType }
}
