import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError } from '#core/errors.ts'
import { requireTokenViewer } from '#server/auth/viewer.ts'
import { bearerToken } from '#server/http/headers.ts'
import { storedFileName } from '#core/files/file-name.ts'
import { checkSniffedType, checkUpload, tooLarge, type UploadPurpose } from '#core/files/upload-rules.ts'
import { parseRangeHeader } from '#core/files/http-range.ts'
import { checkUploadQuota, recordUpload } from './record-upload.ts'
import { FILES_PATH, signFileUrl, verifyFileSignature } from './signed-url.ts'
import type { ByteRange, StoredObject } from './storage.ts'

/** Bytes read before deciding what a file really is (file-type's own recommended sample). */
const SNIFF_BYTES = 4100

const SIGNATURE_MESSAGES = {
  missing: 'This file link is not signed. Ask the app for a new link.',
  invalid: 'This file link is not valid.',
  expired: 'This file link has expired. Reload the page for a new one.',
} as const

// NOTE: only formats a browser shows without running anything are served inline; anything else
// (HTML, SVG, …, should it ever be stored) is a download, so a file can never script the site.
const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf)$/

export interface UploadResponse {
  key: string
  size: number
  contentType: string
  /** A signed link, valid for 15 minutes. */
  url: string
}

/**
 * `GET|HEAD /api/files/*`: a stored file behind a signed link, with Range support.
 * `POST /api/files`: a signed-in member uploads one file (multipart: `purpose`, then `file`).
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  // Not wrapped in fastify-plugin: multipart's parser stays inside this scope.
  await app.register(async function fileRoutes(scope) {
    const { storage, config, viewers } = scope.services

    await scope.register(multipart, {
      // NOTE: the real limit (per purpose) is counted below with a clear message; busboy's own cap sits
      // one byte above the global limit only as a backstop.
      limits: {
        fileSize: config.uploadLimitBytes + 1,
        fields: 10,
        fieldSize: 1024,
        parts: 10,
        headerPairs: 50,
      },
    })

    // Any other body type reaches the handler unread, to be refused there with a message about uploads
    // (instead of the app-wide "send application/json").
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))

    scope.route({
      method: ['GET', 'HEAD'],
      url: `${FILES_PATH}/*`,
      // Range and Content-Length describe the stored bytes: compressing would break both.
      compress: false,
      handler: async (request, reply) => {
        const key = (request.params as { '*': string })['*']
        const query = request.query as Record<string, unknown>
        const check = verifyFileSignature({ key, exp: query.exp, sig: query.sig, secret: config.authSecret })
        if (!check.ok) throw new AppError('FORBIDDEN', SIGNATURE_MESSAGES[check.reason])

        if (request.method === 'HEAD') {
          // Range is only defined for GET (RFC 9110 §14.2): HEAD describes the whole file.
          const object = await storage.stat(key)
          if (!object) throw notFound()
          setFileHeaders(reply, object)
          return reply.header('content-length', object.size).send()
        }

        let range: ByteRange | undefined
        const rangeHeader = request.headers.range
        if (rangeHeader) {
          const object = await storage.stat(key)
          if (!object) throw notFound()
          const wanted = parseRangeHeader(rangeHeader, object.size)
          if (wanted.kind === 'unsatisfiable') {
            reply.header('content-range', `bytes */${object.size}`)
            throw new AppError(
              'RANGE_NOT_SATISFIABLE',
              `The requested range is outside the file (${object.size} bytes).`,
            )
          }
          if (wanted.kind === 'partial') range = wanted.range
        }

        const result = await storage.get(key, range ? { range } : {})
        setFileHeaders(reply, result.object)
        if (result.range) {
          const { start, end } = result.range
          reply
            .status(206)
            .header('content-range', `bytes ${start}-${end}/${result.object.size}`)
            .header('content-length', end - start + 1)
        } else {
          reply.header('content-length', result.object.size)
        }
        return reply.send(result.body)
      },
    })

    scope.post(FILES_PATH, async (request, reply) => {
      let purpose: string | undefined
      let stored: StoredObject | undefined
      try {
        await authenticateUpload(request)
        await checkUploadQuota(request.ctx)
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the upload as multipart/form-data with a purpose field followed by the file.',
          )
        }
        for await (const part of partsOf(request)) {
          if (part.type === 'field') {
            if (part.fieldname === 'purpose') purpose = String(part.value)
            continue
          }
          if (stored) throw new AppError('VALIDATION', 'Send one file per upload.')
          if (purpose === undefined) {
            throw new AppError('VALIDATION', 'Send the purpose field before the file in the form data.')
          }
          stored = await storeUpload(part, purpose)
        }
        if (!stored) throw new AppError('VALIDATION', 'No file was sent. Add it as the file field.')
        await recordUpload(request.ctx, stored)
      } catch (error) {
        if (stored) {
          const key = stored.key
          await storage
            .delete(key)
            .catch((err: unknown) => request.log.error({ err, key }, 'could not remove upload'))
        }
        if (!request.raw.complete) {
          // NOTE: the rest of a refused body is not worth reading: answer, then hang up, so the
          // connection is not left half-read for the next request (or for a graceful shutdown).
          reply.header('connection', 'close')
        }
        throw error
      }

      const body: UploadResponse = {
        key: stored.key,
        size: stored.size,
        contentType: stored.contentType,
        url: signFileUrl(stored.key, config.authSecret),
      }
      return reply.status(201).send(body)
    })

    /** Check the declared type, sniff the real one, stream to storage counting bytes. */
    async function storeUpload(part: MultipartFile, purpose: string): Promise<StoredObject> {
      const source = part.file
      try {
        const declared = checkUpload(
          { purpose, contentType: part.mimetype },
          { globalLimitBytes: config.uploadLimitBytes },
        )
        if (!declared.ok) throw new AppError(declared.code, declared.message)

        const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
        const head = await readHead(chunks, SNIFF_BYTES)
        // NOTE: file-type loads with the first upload, not at start (decision 0027).
        const { fileTypeFromBuffer } = await import('file-type')
        const sniffed = await fileTypeFromBuffer(head)
        const real = checkSniffedType(declared.purpose, sniffed?.mime)
        if (!real.ok) throw new AppError(real.code, real.message)

        const key = `uploads/${declared.purpose}/${randomUUID()}-${storedFileName(part.filename, sniffed?.ext)}`
        const body = Readable.from(countBytes(head, chunks, declared.purpose, declared.maxBytes))
        return await storage.put(key, body, { contentType: real.contentType })
      } finally {
        // Whatever went wrong, stop reading this part so the multipart parser can finish.
        if (!source.readableEnded) source.destroy()
      }
    }

    /** Uploads take the access token only: set `request.viewer` (before `request.ctx` is built) or refuse. */
    async function authenticateUpload(request: FastifyRequest): Promise<void> {
      request.viewer = await requireTokenViewer(
        viewers,
        bearerToken(request.headers.authorization),
        'Sign in to upload files.',
      )
    }
  })
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'There is no such file. It may have been removed.')
}

function setFileHeaders(reply: FastifyReply, object: StoredObject): void {
  const name = object.key.split('/').pop() ?? 'file'
  const disposition = INLINE_TYPES.test(object.contentType) ? 'inline' : 'attachment'
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', object.contentType)
    // A signed link is one member's: no shared cache may keep the file (issue 17, finding 8).
    .header('cache-control', `private, ${object.cacheControl.replace(/\b(public|private),?\s*/g, '')}`)
    .header('last-modified', object.updatedAt.toUTCString())
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
}

/** The parts of a multipart request, with the parser's own errors turned into AppErrors. */
async function* partsOf(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()
  for (;;) {
    let next: IteratorResult<Multipart>
    try {
      next = await parts.next()
    } catch (error) {
      throw asRequestError(error)
    }
    if (next.done) return
    yield next.value
  }
}

async function nextChunk(chunks: AsyncIterator<Buffer>): Promise<IteratorResult<Buffer>> {
  try {
    return await chunks.next()
  } catch (error) {
    throw asRequestError(error)
  }
}

const PARSER_ERRORS: Record<string, AppError> = {
  FST_PARTS_LIMIT: new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many form fields.'),
  FST_FIELDS_LIMIT: new AppError('PAYLOAD_TOO_LARGE', 'The upload has too many form fields.'),
  FST_FILES_LIMIT: new AppError('VALIDATION', 'Send one file per upload.'),
  FST_REQ_FILE_TOO_LARGE: new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than uploads may be.'),
}

/**
 * Anything that goes wrong while reading the request (a body cut short, a malformed boundary, a
 * parser limit) is the client's problem: a 4xx with a plain message, not a logged 500.
 */
function asRequestError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const code = (error as { code?: string } | undefined)?.code ?? ''
  const known = PARSER_ERRORS[code]
  if (known) return new AppError(known.code, known.message)
  return new AppError('BAD_REQUEST', 'The upload was cut off or is not valid multipart form data.')
}

async function readHead(chunks: AsyncIterator<Buffer>, bytes: number): Promise<Buffer> {
  const head: Buffer[] = []
  let length = 0
  while (length < bytes) {
    const next = await nextChunk(chunks)
    if (next.done) break
    head.push(next.value)
    length += next.value.length
  }
  return Buffer.concat(head)
}

/** The whole file again (head first), failing with 413 as soon as it passes the limit. */
async function* countBytes(
  head: Buffer,
  rest: AsyncIterator<Buffer>,
  purpose: UploadPurpose,
  maxBytes: number,
) {
  let total = head.length
  if (total > maxBytes) throw refusal(purpose, maxBytes)
  yield head
  for (;;) {
    const next = await nextChunk(rest)
    if (next.done) return
    total += next.value.length
    if (total > maxBytes) throw refusal(purpose, maxBytes)
    yield next.value
  }
}

function refusal(purpose: UploadPurpose, maxBytes: number): AppError {
  const { code, message } = tooLarge(purpose, maxBytes)
  return new AppError(code, message)
}
