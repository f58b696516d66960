import { randomUUID } from 'node:crypto'
import type Sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { AppError } from '#core/errors.ts'
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_OUTPUT_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_SIZE_PX,
  PHOTO_TYPES,
  photoDimensionsRefusal,
} from '#core/profiles/profile.schemas.ts'
import { auditChange } from '#server/audit/audit.service.ts'
import { withTx, type RequestContext } from '#server/context.ts'
import { profiles } from '#server/db/schema/index.ts'
import { authenticate } from '#server/modules/shared/guards.ts'
import { imagePool } from '#server/storage/image-pool.ts'
import { ensureProfile, findProfile, profileView, type MyProfileView } from './my-profile.ts'

export const PHOTO_TOO_LARGE = 'A profile photo can be at most 5 MB.'
export const PHOTO_NOT_IMAGE = 'A profile photo must be a JPEG, PNG, WebP or GIF image.'

const UNREADABLE = 'That image could not be read. Try another file.'

/** sharp, loaded with the first photo (decision 0027) and set up once for a small server. */
let loaded: Promise<typeof Sharp> | undefined
function loadSharp() {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    // NOTE: no cache of decoded images (it holds up to 50 MB of them after a photo is done), and one
    // libvips thread per image: the pool already runs one image at a time (decision 0029).
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  }))
}

/**
 * The photo as a 512-px WebP square. Its size and shape are read from the header first and an
 * extreme one is refused before anything is decoded: a 1,285-byte PNG of 20,000 × 20 pixels used to
 * take 20 s and 1.4 GB, because covering a 512-px square scales it to 512,000 × 512 (issue 26).
 */
async function squareWebp(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp()
  let header: { width?: number; height?: number }
  try {
    header = await sharp(bytes).metadata()
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE)
  }
  const refusal = photoDimensionsRefusal(header.width, header.height)
  if (refusal) throw new AppError('VALIDATION', refusal)
  let square: Buffer
  try {
    square = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, sequentialRead: true })
      .rotate()
      .resize(PHOTO_SIZE_PX, PHOTO_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .timeout({ seconds: 20 })
      .toBuffer()
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE)
  }
  if (square.length > PHOTO_MAX_OUTPUT_BYTES) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNREADABLE)
  return square
}

/**
 * Store a new profile photo: the bytes must really be an image (sniffed, whatever the upload said)
 * of at most 5 MB and of a sane size and shape (checked before decoding); it is cropped to the centre
 * square, scaled to 512 px and re-encoded as WebP (which also drops its metadata, GPS position
 * included), one photo at a time in the image pool. The old photo is removed after the commit.
 */
export async function saveProfilePhoto(ctx: RequestContext, bytes: Buffer): Promise<MyProfileView> {
  const viewer = authenticate(ctx.actor)
  if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE)
  // NOTE: file-type and sharp load with the first photo, not at start (decision 0027).
  const { fileTypeFromBuffer } = await import('file-type')
  const sniffed = await fileTypeFromBuffer(bytes)
  if (!sniffed || !(PHOTO_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_NOT_IMAGE)
  }
  const square = await imagePool.run(() => squareWebp(bytes))
  const { storage } = ctx.services
  const key = `profiles/${viewer.id}/${randomUUID()}.webp`
  await storage.put(key, square, { contentType: 'image/webp', cacheControl: 'private, max-age=3600' })
  let old: string | null = null
  try {
    await withTx(ctx, async (tx) => {
      await ensureProfile(ctx, tx, viewer, viewer.name)
      const [before] = await tx
        .select({ photoKey: profiles.photoKey })
        .from(profiles)
        .where(eq(profiles.userId, viewer.id))
        .for('update')
      old = before?.photoKey ?? null
      await tx
        .update(profiles)
        .set({ photoKey: key, updatedAt: ctx.now() })
        .where(eq(profiles.userId, viewer.id))
      await auditChange(tx, ctx, { action: 'profile.photo', entityType: 'profile', entityId: viewer.id })
    })
  } catch (error) {
    await storage.delete(key).catch(() => undefined)
    throw error
  }
  if (old) await storage.delete(old).catch(() => undefined)
  return profileView(ctx, viewer, await findProfile(ctx, viewer.id))
}

/** Remove the profile photo (nothing to do when there is none). */
export async function removeProfilePhoto(ctx: RequestContext): Promise<MyProfileView> {
  const viewer = authenticate(ctx.actor)
  const old = await withTx(ctx, async (tx) => {
    const [row] = await tx
      .select({ photoKey: profiles.photoKey })
      .from(profiles)
      .where(eq(profiles.userId, viewer.id))
      .for('update')
    if (!row?.photoKey) return null
    await tx
      .update(profiles)
      .set({ photoKey: null, updatedAt: ctx.now() })
      .where(eq(profiles.userId, viewer.id))
    await auditChange(tx, ctx, { action: 'profile.photo.remove', entityType: 'profile', entityId: viewer.id })
    return row.photoKey
  })
  if (old) await ctx.services.storage.delete(old).catch(() => undefined)
  return profileView(ctx, viewer, await findProfile(ctx, viewer.id))
}
