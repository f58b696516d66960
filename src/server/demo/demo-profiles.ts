import { createHash } from 'node:crypto'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { PHOTO_SIZE_PX } from '#core/profiles/profile.schemas.ts'
import { profiles, users } from '#server/db/schema/index.ts'
import type { Services } from '#server/services.ts'
import type { Storage } from '#server/storage/storage.ts'

const PALETTE = ['#6d28d9', '#be185d', '#0f766e', '#b45309', '#1d4ed8', '#4d7c0f', '#9f1239', '#0e7490']

/**
 * A generated avatar: a symmetric 5×5 pattern in a colour, both chosen by a hash of `seed`, on a
 * light disc-friendly square (SVG, rendered to WebP like an uploaded photo; no fonts needed).
 */
export function avatarSvg(seed: string): string {
  const hash = createHash('sha256').update(seed).digest()
  const colour = PALETTE[hash[0]! % PALETTE.length]!
  const cell = PHOTO_SIZE_PX / 6
  const squares: string[] = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((hash[1 + row * 3 + col]! & 1) === 0) continue
      for (const c of col === 2 ? [2] : [col, 4 - col]) {
        squares.push(
          `<rect x="${(cell / 2 + c * cell).toFixed(1)}" y="${(cell / 2 + row * cell).toFixed(1)}" width="${cell.toFixed(1)}" height="${cell.toFixed(1)}"/>`,
        )
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE_PX}" height="${PHOTO_SIZE_PX}">` +
    `<rect width="100%" height="100%" fill="#f5f3ff"/><g fill="${colour}">${squares.join('')}</g></svg>`
  )
}

/** member1's profile, complete: every field the profile page has. New row only. */
async function completeMember1(db: Services['db']): Promise<void> {
  const [member1] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'member1@stagedoor.test'))
  if (!member1) return
  await db
    .insert(profiles)
    .values({
      userId: member1.id,
      slug: 'maya-patel',
      preferredName: 'Maya Patel',
      pronouns: 'she/her',
      phone: '+44 7700 900001',
      studentStatus: 'student',
      institution: 'University of Stagedoor',
      course: 'Music',
      graduationYear: 2027,
      voicePart: 'alto 1',
      instruments: [{ instrument: 'Cello', level: 'advanced' }],
      dietaryRequirements: 'Vegetarian',
      accessNeeds: 'None',
      emergencyContact: { name: 'Priya Patel', phone: '+44 7700 900002', relationship: 'Mother' },
      bio: 'Second-year music student. Sings alto, plays cello, bakes for every interval.',
      socialListOptIn: true,
      emailPreferences: { eventAnnouncements: true, reminders: true },
    })
    .onConflictDoNothing()
}

/**
 * Demo profiles with photos (issue 12 §7): member1's profile complete, and a generated avatar for every
 * demo profile that has no photo yet (stored like an upload, served by signed URL).
 */
export async function seedDemoProfiles(db: Services['db'], storage: Storage): Promise<void> {
  await completeMember1(db)
  const demoEmails = ['member1@stagedoor.test', 'member2@stagedoor.test', 'member3@stagedoor.test']
  const extra = await db.select({ id: users.id }).from(users).where(inArray(users.email, demoEmails))
  const without = await db
    .select({ userId: profiles.userId, slug: profiles.slug })
    .from(profiles)
    .where(isNull(profiles.photoKey))
  const wanted = without.filter(
    (p) => p.userId.startsWith('demo-member-') || extra.some((e) => e.id === p.userId),
  )
  if (wanted.length === 0) return
  // NOTE: sharp loads only when a photo is to be drawn, not at every start (decision 0027).
  const { default: sharp } = await import('sharp')
  for (const profile of wanted) {
    const key = `profiles/${profile.userId}/avatar.webp`
    const image = await sharp(Buffer.from(avatarSvg(profile.slug)))
      .webp({ quality: 80 })
      .toBuffer()
    await storage.put(key, image, { contentType: 'image/webp', cacheControl: 'private, max-age=3600' })
    await db
      .update(profiles)
      .set({ photoKey: key })
      .where(and(eq(profiles.userId, profile.userId), isNull(profiles.photoKey)))
  }
}
