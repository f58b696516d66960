import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import {
  makeServerData,
  residentBytes,
  signInOverHttp,
  type ServerData,
  slowestHealth,
} from '#server/testing/server-fixture.ts'

// Issue 26, finding 7: a 1,285-byte PNG of 20,000 × 20 took 20 s and 1.4 GB to become a profile
// photo; a 143 KB PNG of 1,000,000 × 49 passed 18 GB. Posted to the real compiled server (with its
// 192 MiB heap limit), each is refused from its header, the server keeps answering, and its memory
// hardly moves.

/** A grey PNG of any size: all-zero rows compress to almost nothing, whatever the header claims. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  const rows = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

let data: ServerData
let server: ServerProcess
let token: string

beforeAll(async () => {
  data = await makeServerData('photo-bomb')
  server = await startServerProcess(data.env)
  const signedIn = await signInOverHttp(server.url, data.member)
  expect(signedIn.token).toBeTruthy()
  token = signedIn.token!
})
afterAll(async () => {
  await server?.stop()
  await data?.dispose()
})

function postPhoto(png: Buffer): Promise<Response> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
  return fetch(`${server.url}/api/profile/photo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
}

describe('profile photo decompression bombs (the compiled server)', () => {
  it('refuses 1,000,000 × 49 and 20,000 × 20 PNGs from their headers, answering health meanwhile, in little memory', async () => {
    // A real photo first: sharp and its libraries load now, not inside the measurement.
    const real = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2563eb' } })
      .png()
      .toBuffer()
    expect((await postPhoto(real)).status).toBe(201)
    const wide = bombPng(1_000_000, 49)
    const narrow = bombPng(20_000, 20)
    expect(wide.length).toBeLessThan(200_000)

    // NOTE: what health takes on this machine right now beside five uploads of the same size that are
    // no image (refused at the first bytes): on a quiet machine a few ms, on one shared by a whole CI
    // run far more. The bombs may add at most 100 ms to that.
    const notImages = Promise.all(Array.from({ length: 5 }, () => postPhoto(Buffer.alloc(wide.length, 7))))
    const quiet = await slowestHealth(server.url, notImages)
    for (const res of await notImages) expect(res.status).toBe(415)
    const before = residentBytes(server.child.pid!)
    // Four at once, as the attack did, and the narrow one beside them.
    const posts = Promise.all([wide, wide, wide, wide, narrow].map(postPhoto))
    const slowest = await slowestHealth(server.url, posts)
    const answers = await posts
    for (const res of answers) {
      expect(res.status).toBe(400)
      const { error } = (await res.json()) as { error: { code: string; message: string } }
      expect(error.code).toBe('VALIDATION')
      expect(error.message).toMatch(/at most 4 times as wide as it is tall/)
    }
    const grown = residentBytes(server.child.pid!) - before
    expect(grown).toBeLessThan(64 * 1024 * 1024)
    expect(slowest).toBeLessThan(quiet + 100)

    // Still a working photo route afterwards.
    expect((await postPhoto(real)).status).toBe(201)
  })
})
