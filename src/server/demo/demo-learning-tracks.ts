import { randomUUID } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { eventNumbers, events, learningTracks, partBreakdownCells } from '#server/db/schema/index.ts'
import type { Storage } from '#server/storage/storage.ts'

const SLUG = 'messiah-singthrough'
/** How many of the sing-through's numbers (in running order, those with singing) get tracks. */
const NUMBERS_WITH_TRACKS = 3
const SECONDS = 4
const RATE = 8000

/** A note (Hz) per part, so each part's track sounds its own line: S, A, T, B. */
const PITCH: Record<string, number[]> = {
  Soprano: [523.25, 587.33, 659.25, 698.46],
  Alto: [392.0, 440.0, 493.88, 523.25],
  Tenor: [329.63, 349.23, 392.0, 440.0],
  Bass: [130.81, 146.83, 164.81, 174.61],
}

/**
 * A short synthesized learning track: mono 16-bit PCM WAV, four notes of a rising line, each with a
 * soft attack and release. Made at seed time so the demo ships no audio files.
 */
export function synthesizeWav(notes: readonly number[], seconds = SECONDS, rate = RATE): Buffer {
  const samples = seconds * rate
  const data = Buffer.alloc(samples * 2)
  const perNote = Math.floor(samples / notes.length)
  for (let i = 0; i < samples; i++) {
    const n = Math.min(notes.length - 1, Math.floor(i / perNote))
    const t = i - n * perNote
    const envelope = Math.min(1, t / (rate * 0.03), (perNote - t) / (rate * 0.08))
    const value = 0.3 * envelope * Math.sin((2 * Math.PI * notes[n]! * i) / rate)
    data.writeInt16LE(Math.round(value * 32767), i * 2)
  }
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'latin1')
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8, 'latin1')
  header.write('fmt ', 12, 'latin1')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28) // bytes per second
  header.writeUInt16LE(2, 32) // block align
  header.writeUInt16LE(16, 34) // bits per sample
  header.write('data', 36, 'latin1')
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/**
 * Learning tracks for the demo sing-through: one per part that sings in each of its first numbers
 * (tacet parts get none). Only when the event has no track yet, so a start after the first costs
 * one query.
 */
export async function seedDemoLearningTracks(db: Db, storage: Storage): Promise<number> {
  const [event] = await db
    .select({
      id: events.id,
      hasTracks: sql<boolean>`exists (select 1 from ${learningTracks} where ${learningTracks.eventId} = ${events.id})`,
    })
    .from(events)
    .where(eq(events.slug, SLUG))
  if (!event || event.hasTracks) return 0
  const numbers = await db
    .select()
    .from(eventNumbers)
    .where(eq(eventNumbers.eventId, event.id))
    .orderBy(asc(eventNumbers.position))
  const tacet = await db
    .select({ numberId: partBreakdownCells.numberId, part: partBreakdownCells.part })
    .from(partBreakdownCells)
    .innerJoin(eventNumbers, eq(eventNumbers.id, partBreakdownCells.numberId))
    .where(and(eq(eventNumbers.eventId, event.id), eq(partBreakdownCells.note, 'tacet')))
  const silent = new Set(tacet.map((c) => `${c.numberId} ${c.part}`))
  const rows: (typeof learningTracks.$inferInsert)[] = []
  for (const number of numbers) {
    const singing = Object.keys(PITCH).filter((part) => !silent.has(`${number.id} ${part}`))
    if (singing.length === 0) continue
    for (const part of singing) {
      const fileName = `${number.label} ${number.title} (${part}).wav`
      const key = `uploads/audio/${randomUUID()}-${fileName.replace(/[^\w.-]+/g, '_')}`
      const stored = await storage.put(key, synthesizeWav(PITCH[part]!), { contentType: 'audio/wav' })
      rows.push({
        eventId: event.id,
        numberId: number.id,
        part,
        fileKey: key,
        fileName,
        contentType: 'audio/wav',
        size: stored.size,
      })
    }
    if (new Set(rows.map((r) => r.numberId)).size >= NUMBERS_WITH_TRACKS) break
  }
  if (rows.length) await db.insert(learningTracks).values(rows).onConflictDoNothing()
  return rows.length
}
