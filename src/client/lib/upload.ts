import type { UploadPurpose } from '#core/files/upload-rules.ts'

/** What `POST /api/files` answers with (201). */
export interface UploadedFile {
  key: string
  size: number
  contentType: string
  url: string
}

export interface UploadProgress {
  loaded: number
  total: number
}

/** The server's words for a refused upload (`{ error: { message } }`), or a plain fallback. */
export function uploadErrorMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } }
    if (typeof parsed.error?.message === 'string' && parsed.error.message) return parsed.error.message
  } catch {
    // not JSON: fall through
  }
  if (status === 413) return 'The file is too large to upload.'
  if (status === 0) return 'The upload was interrupted. Check your connection and try again.'
  return `The upload failed (HTTP ${status}). Try again.`
}

/** 0–100 for a <progress> and its label. */
export function percent(progress: UploadProgress): number {
  return progress.total > 0 ? Math.min(100, Math.round((progress.loaded / progress.total) * 100)) : 0
}

/**
 * `POST /api/files` with XMLHttpRequest (fetch cannot report upload progress): the purpose first (the
 * server reads the parts in order), then the file. Resolves with the stored file; rejects with the
 * server's message.
 */
export function uploadFile(
  file: File,
  purpose: UploadPurpose,
  token: string,
  onProgress: (progress: UploadProgress) => void = () => {},
): { promise: Promise<UploadedFile>; abort: () => void } {
  const xhr = new XMLHttpRequest()
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    xhr.open('POST', '/api/files')
    xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total })
    }
    xhr.onload = () => {
      if (xhr.status === 201) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedFile)
        } catch {
          reject(new Error('The server answered in a way this page does not understand. Try again.'))
        }
      } else reject(new Error(uploadErrorMessage(xhr.status, xhr.responseText)))
    }
    xhr.onerror = () => reject(new Error(uploadErrorMessage(0, '')))
    xhr.onabort = () => reject(new Error('The upload was cancelled.'))
    const form = new FormData()
    form.append('purpose', purpose)
    form.append('file', file, file.name)
    xhr.send(form)
  })
  return { promise, abort: () => xhr.abort() }
}
