import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '#core/errors.ts'
import { PHOTO_MAX_BYTES } from '#core/profiles/profile.schemas.ts'
import { bearerToken } from '#server/http/headers.ts'
import { requireTokenViewer } from '#server/auth/viewer.ts'
import { exportMyData } from './export-my-data.ts'
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE, saveProfilePhoto } from './profile-photo.ts'

export const PROFILE_PHOTO_PATH = '/api/profile/photo'
export const DATA_EXPORT_PATH = '/api/me/export'

/**
 * The member's own REST routes (decision 0020), by access token like uploads:
 * `POST /api/profile/photo` (multipart, one `file` of at most 5 MB: an image, cropped square) and
 * `GET /api/me/export` (a zip of everything stored about them). Not signed in → 401
 * UNAUTHENTICATED; a deleted account's token → 401 USER_DELETED.
 */
export async function registerPeopleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async function peopleRoutes(scope) {
    const { viewers } = scope.services
    await scope.register(multipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    })
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null))

    async function signedIn(request: FastifyRequest): Promise<void> {
      request.viewer = await requireTokenViewer(
        viewers,
        bearerToken(request.headers.authorization),
        'Sign in first.',
      )
    }

    scope.post(PROFILE_PHOTO_PATH, async (request, reply) => {
      try {
        await signedIn(request)
        if (!request.isMultipart()) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the photo as multipart/form-data in the file field.',
          )
        }
        const part = await request.file()
        if (!part) throw new AppError('VALIDATION', 'No photo was sent. Add it as the file field.')
        if (!part.mimetype.startsWith('image/')) {
          part.file.resume()
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_NOT_IMAGE)
        }
        let bytes: Buffer
        try {
          bytes = await part.toBuffer()
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE)
          }
          throw error
        }
        const profile = await saveProfilePhoto(request.ctx, bytes)
        return reply.status(201).header('cache-control', 'no-store').send({ photoUrl: profile.photoUrl })
      } catch (error) {
        if (!request.raw.complete) reply.header('connection', 'close')
        throw error
      }
    })

    scope.get(DATA_EXPORT_PATH, async (request, reply) => {
      await signedIn(request)
      const { fileName, zip } = await exportMyData(request.ctx)
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength))
    })
  })
}
