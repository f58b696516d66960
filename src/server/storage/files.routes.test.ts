import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '#server/db/schema/index.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'
import { countingBytes, sampleJpeg, sampleMp3, samplePdf, samplePng, sampleWav } from './sample-files.ts'
import { signFileUrl } from './signed-url.ts'

const MB = 1024 * 1024

let t: TestApp
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  member = await createUser(t.app, { name: 'Uma Uploader' })
})
afterAll(() => t.close())

/** Every file under DATA_DIR/uploads, bookkeeping included. */
function filesOnDisk(dataDir = t.dataDir): string[] {
  const root = path.join(dataDir, 'uploads')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(parts: Part[]) {
  const form = new FormData()
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value)
    else form.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename)
  }
  const encoded = new Response(form)
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  }
}

async function upload(parts: Part[], options: { token?: string | null; app?: TestApp['app'] } = {}) {
  const body = await multipart(parts)
  const token = options.token === undefined ? member.token : options.token
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/files',
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  })
}

const file = (data: Buffer, type: string, filename: string): Part => ({ name: 'file', filename, type, data })
const purpose = (value: string): Part => ({ name: 'purpose', value })

function get(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers })
}

describe('GET /api/files/*', () => {
  const data = countingBytes(1000)
  let url: string

  beforeAll(async () => {
    await t.app.services.storage.put('tests/counting.bin', data, { contentType: 'application/octet-stream' })
    url = signFileUrl('tests/counting.bin', t.config.authSecret)
  })

  it('serves the whole file with Content-Type, Content-Length, Accept-Ranges and the default Cache-Control', async () => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(data)).toBe(true)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-length']).toBe('1000')
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['cache-control']).toBe('private, max-age=3600')
    expect(res.headers['content-range']).toBeUndefined()
    expect(res.headers['last-modified']).toMatch(/GMT$/)
  })

  it('uses the Cache-Control stored with the object', async () => {
    await t.app.services.storage.put('tests/private.txt', Buffer.from('mine'), {
      contentType: 'text/plain',
      cacheControl: 'private, no-store',
    })
    const res = await get(signFileUrl('tests/private.txt', t.config.authSecret))
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.body).toBe('mine')
  })

  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=500-500', 500, 500],
    ['bytes=990-', 990, 999],
    ['bytes=-5', 995, 999],
    ['bytes=995-5000', 995, 999],
    ['bytes=-2000', 0, 999],
  ])('answers Range %s with 206 and exactly bytes %i-%i', async (range, start, end) => {
    const res = await get(url, { range })
    expect(res.statusCode).toBe(206)
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`)
    expect(res.headers['content-length']).toBe(String(end - start + 1))
    expect(res.headers['accept-ranges']).toBe('bytes')
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.rawPayload.equals(data.subarray(start, end + 1))).toBe(true)
  })

  it.each(['bytes=1000-', 'bytes=1000-2000', 'bytes=-0'])(
    'answers the unsatisfiable Range %s with 416 and Content-Range bytes */size',
    async (range) => {
      const res = await get(url, { range })
      expect(res.statusCode).toBe(416)
      expect(res.headers['content-range']).toBe('bytes */1000')
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json().error.code).toBe('RANGE_NOT_SATISFIABLE')
    },
  )

  it.each(['bytes=abc', 'bytes=5-2', 'bytes=0-1,5-6', 'lines=1-2'])(
    'ignores the Range %s it cannot honour and sends the whole file',
    async (range) => {
      const res = await get(url, { range })
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.equals(data)).toBe(true)
    },
  )

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(url, {}, 'HEAD')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-length']).toBe('1000')
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['cache-control']).toBe('private, max-age=3600')
    expect(res.rawPayload.length).toBe(0)
  })

  it('does not compress, so ranges and lengths stay true', async () => {
    await t.app.services.storage.put('tests/text.txt', Buffer.from('a'.repeat(5000)), {
      contentType: 'text/plain',
    })
    const res = await get(signFileUrl('tests/text.txt', t.config.authSecret), {
      'accept-encoding': 'gzip, br',
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-length']).toBe('5000')
  })

  it('serves images inline and anything scriptable as a download', async () => {
    await t.app.services.storage.put('tests/page.html', Buffer.from('<script>alert(1)</script>'), {
      contentType: 'text/html',
    })
    const html = await get(signFileUrl('tests/page.html', t.config.authSecret))
    expect(html.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/)
    expect(html.headers['x-content-type-options']).toBe('nosniff')
    await t.app.services.storage.put('tests/p.png', samplePng(), { contentType: 'image/png' })
    const png = await get(signFileUrl('tests/p.png', t.config.authSecret))
    expect(png.headers['content-disposition']).toMatch(/^inline; filename="p.png"/)
  })

  it('finds keys with characters that need encoding', async () => {
    await t.app.services.storage.put('tests/my file (1).txt', Buffer.from('spaced'), {
      contentType: 'text/plain',
    })
    const signed = signFileUrl('tests/my file (1).txt', t.config.authSecret)
    expect(signed).toContain('/tests/my%20file%20(1).txt?')
    const res = await get(signed)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('spaced')
  })

  it('refuses a missing signature with 403 FORBIDDEN', async () => {
    const res = await get('/api/files/tests/counting.bin')
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.stringMatching(/not signed/) } })
  })

  it('refuses an expired link with 403', async () => {
    const expired = signFileUrl('tests/counting.bin', t.config.authSecret, 60, Date.now() - 61_000)
    const res = await get(expired)
    expect(res.statusCode).toBe(403)
    expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: expect.stringMatching(/expired/) })
    expect(res.body).not.toContain('\u0000\u0001\u0002')
  })

  it('refuses tampered links with 403', async () => {
    const u = new URL(url, 'http://x')
    const sig = u.searchParams.get('sig')!
    const exp = u.searchParams.get('exp')!
    const tampered = [
      `/api/files/tests/counting.bin?exp=${exp}&sig=${sig.slice(0, -2)}AA`,
      `/api/files/tests/counting.bin?exp=${Number(exp) + 86_400}&sig=${sig}`,
      `/api/files/tests/private.txt?exp=${exp}&sig=${sig}`,
      `/api/files/tests/counting.bin?exp=${exp}`,
      url.replace('sig=', 'sig=x'),
    ]
    for (const bad of tampered) {
      const res = await get(bad)
      expect(res.statusCode, bad).toBe(403)
      expect(res.json().error.code).toBe('FORBIDDEN')
    }
    // Another secret's signature is worthless here.
    expect(
      (await get(signFileUrl('tests/counting.bin', 'some-other-secret-of-32-characters!!'))).statusCode,
    ).toBe(403)
  })

  it('says 404 NOT_FOUND for a signed link to a missing file', async () => {
    const res = await get(signFileUrl('tests/nothing-here.png', t.config.authSecret))
    expect(res.statusCode).toBe(404)
    expect(res.json().error.code).toBe('NOT_FOUND')
    const ranged = await get(signFileUrl('tests/nothing-here.png', t.config.authSecret), {
      range: 'bytes=0-1',
    })
    expect(ranged.statusCode).toBe(404)
  })

  it('refuses path traversal even with a valid signature for it', async () => {
    // DATA_DIR/auth-secret sits one level above DATA_DIR/uploads.
    expect(existsSync(path.join(t.dataDir, 'auth-secret'))).toBe(true)
    const secret = readFileSync(path.join(t.dataDir, 'auth-secret'), 'utf8').trim()
    for (const key of [
      '../auth-secret',
      'tests/../../auth-secret',
      '/etc/passwd',
      'tests\\..\\..\\auth-secret',
    ]) {
      const signed = signFileUrl(key, t.config.authSecret)
      const query = signed.split('?')[1]
      // As a browser would send it (dot segments are resolved before routing) and with every
      // character encoded, including the slashes and dots, so the raw key reaches the route.
      const fullyEncoded = `/api/files/${encodeURIComponent(key).replace(/\./g, '%2E')}?${query}`
      for (const candidate of [signed, fullyEncoded]) {
        const res = await get(candidate)
        expect([400, 404], `${key} ${candidate}`).toContain(res.statusCode)
        expect(res.body).not.toContain(secret)
      }
      const res = await get(fullyEncoded)
      expect(res.statusCode, key).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION')
    }
  })
})

describe('POST /api/files', () => {
  it('stores an image under uploads/image/<uuid>-<name> and answers 201 with a signed URL', async () => {
    const png = samplePng(2000)
    const res = await upload([purpose('image'), file(png, 'image/png', 'Concert Poster.png')])
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({
      key: expect.stringMatching(/^uploads\/image\/[0-9a-f-]{36}-Concert-Poster\.png$/),
      size: 2000,
      contentType: 'image/png',
      url: expect.stringMatching(
        /^\/api\/files\/uploads\/image\/[0-9a-f-]{36}-Concert-Poster\.png\?exp=\d+&sig=/,
      ),
    })
    expect(readFileSync(path.join(t.dataDir, 'uploads', body.key)).equals(png)).toBe(true)

    const download = await get(body.url)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.headers['cache-control']).toBe('private, max-age=3600')
    expect(download.rawPayload.equals(png)).toBe(true)

    const audit = await t.app.services.db.select().from(auditLog).where(eq(auditLog.entityId, body.key))
    expect(audit).toEqual([
      expect.objectContaining({ actorId: member.id, action: 'file.upload', entityType: 'file' }),
    ])
  })

  it('accepts each purpose with its own formats, storing the type the content shows', async () => {
    const cases: [string, Buffer, string, string, string][] = [
      ['image', sampleJpeg(), 'image/jpeg', 'p.jpg', 'image/jpeg'],
      // Declared with an alias the browser may send; the sniffed, canonical type is stored.
      ['image', sampleJpeg(), 'image/pjpeg', 'p.jpeg', 'image/jpeg'],
      ['document', samplePdf(), 'application/pdf', 'Programme.pdf', 'application/pdf'],
      ['audio', sampleMp3(), 'audio/mpeg', 'take1.mp3', 'audio/mpeg'],
      ['audio', sampleWav(), 'audio/x-wav', 'take2.wav', 'audio/wav'],
    ]
    for (const [p, data, declared, name, stored] of cases) {
      const res = await upload([purpose(p), file(data, declared, name)])
      expect(res.statusCode, `${p} ${declared}`).toBe(201)
      expect(res.json()).toMatchObject({ size: data.length, contentType: stored })
      expect(res.json().key).toMatch(new RegExp(`^uploads/${p}/`))
    }
  })

  it('takes audio larger than the JSON body limit', async () => {
    const wav = sampleWav(3 * MB)
    const res = await upload([purpose('audio'), file(wav, 'audio/wav', 'long.wav')])
    expect(res.statusCode).toBe(201)
    expect(res.json().size).toBe(wav.length)
  })

  it('refuses a declared type the purpose does not accept with 415', async () => {
    const before = filesOnDisk()
    const res = await upload([purpose('image'), file(samplePdf(), 'application/pdf', 'menu.pdf')])
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Images must be JPEG, PNG, WebP or GIF; this file was sent as application/pdf.',
      },
    })
    expect(filesOnDisk()).toEqual(before)
  })

  it('refuses a renamed file whose content is something else with 415', async () => {
    const before = filesOnDisk()
    const renamed = await upload([purpose('image'), file(samplePdf(), 'image/png', 'totally-a-photo.png')])
    expect(renamed.statusCode).toBe(415)
    expect(renamed.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: "The file's content is PDF, whatever its name says. Images must be JPEG, PNG, WebP or GIF.",
    })
    const script = await upload([
      purpose('document'),
      file(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'application/pdf', 'notes.pdf'),
    ])
    expect(script.statusCode).toBe(415)
    expect(script.json().error.message).toMatch(/not a format we recognise/)
    const html = await upload([
      purpose('image'),
      file(Buffer.from('<svg onload="alert(1)"/>'), 'image/gif', 'x.gif'),
    ])
    expect(html.statusCode).toBe(415)
    expect(filesOnDisk()).toEqual(before)
  })

  it('refuses an image over 10 MB with 413 and leaves nothing on disk', async () => {
    const before = filesOnDisk()
    const res = await upload([purpose('image'), file(samplePng(10 * MB + 1), 'image/png', 'huge.png')])
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Images can be at most 10 MB.' },
    })
    expect(filesOnDisk()).toEqual(before)
    // Exactly at the limit is fine.
    const atLimit = await upload([purpose('image'), file(samplePng(10 * MB), 'image/png', 'big.png')])
    expect(atLimit.statusCode).toBe(201)
    await t.app.services.storage.delete(atLimit.json().key)
  })

  it('refuses an upload without a signed-in viewer with 401', async () => {
    const anonymous = await upload([purpose('image'), file(samplePng(), 'image/png', 'a.png')], {
      token: null,
    })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED')
    const forged = await upload([purpose('image'), file(samplePng(), 'image/png', 'a.png')], {
      token: 'not.a.jwt',
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().error.code).toBe('UNAUTHENTICATED')
    // A session cookie is not enough: uploads take the bearer token only.
    const body = await multipart([purpose('image'), file(samplePng(), 'image/png', 'a.png')])
    const withCookie = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': body.contentType, cookie: member.cookie },
      payload: body.payload,
    })
    expect(withCookie.statusCode).toBe(401)
  })

  it('refuses a missing or unknown purpose, a purpose after the file, and no file, with 400', async () => {
    const before = filesOnDisk()
    const cases: [Part[], RegExp][] = [
      [[file(samplePng(), 'image/png', 'a.png')], /purpose field before the file/],
      [[file(samplePng(), 'image/png', 'a.png'), purpose('image')], /purpose field before the file/],
      [[purpose('poster'), file(samplePng(), 'image/png', 'a.png')], /Unknown upload purpose "poster"/],
      [[purpose('image')], /No file was sent/],
    ]
    for (const [parts, message] of cases) {
      const res = await upload(parts)
      expect(res.statusCode, String(message)).toBe(400)
      expect(res.json().error).toEqual({ code: 'VALIDATION', message: expect.stringMatching(message) })
    }
    expect(filesOnDisk()).toEqual(before)
  })

  it('refuses two files in one upload and keeps neither', async () => {
    const before = filesOnDisk()
    const res = await upload([
      purpose('image'),
      file(samplePng(), 'image/png', 'one.png'),
      file(samplePng(), 'image/png', 'two.png'),
    ])
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({ code: 'VALIDATION', message: 'Send one file per upload.' })
    expect(filesOnDisk()).toEqual(before)
  })

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: { purpose: 'image' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
      payload: samplePng(),
    })
    expect(raw.statusCode).toBe(415)
    expect(raw.json().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the upload as multipart/form-data with a purpose field followed by the file.',
    })
  })

  it('answers a truncated multipart body with a 4xx error, not a crash', async () => {
    const body = await multipart([purpose('image'), file(samplePng(5000), 'image/png', 'cut.png')])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': body.contentType, authorization: `Bearer ${member.token}` },
      payload: body.payload.subarray(0, 3000),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('BAD_REQUEST')
  })
})

describe('upload limits from UPLOAD_LIMIT_BYTES', () => {
  let small: TestApp
  let user: TestUser
  beforeAll(async () => {
    small = await createTestApp({ UPLOAD_LIMIT_BYTES: String(200_000) }, { startJobs: false })
    user = await createUser(small.app)
  })
  afterAll(() => small.close())

  it('caps audio (which has no limit of its own) at the global limit, leaving nothing behind', async () => {
    const ok = await upload([purpose('audio'), file(sampleWav(200_000 - 44), 'audio/wav', 'ok.wav')], {
      app: small.app,
      token: user.token,
    })
    expect(ok.statusCode).toBe(201)
    expect(ok.json().size).toBe(200_000)
    const before = filesOnDisk(small.dataDir)
    const over = await upload([purpose('audio'), file(sampleWav(200_000 - 43), 'audio/wav', 'over.wav')], {
      app: small.app,
      token: user.token,
    })
    expect(over.statusCode).toBe(413)
    expect(over.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Audio files can be at most 195.3 KB.',
    })
    expect(filesOnDisk(small.dataDir)).toEqual(before)
  })

  it('caps an image below its own 10 MB when the global limit is lower', async () => {
    const res = await upload([purpose('image'), file(samplePng(300_000), 'image/png', 'big.png')], {
      app: small.app,
      token: user.token,
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe('Images can be at most 195.3 KB.')
  })
})

describe('over a real socket', () => {
  // NOTE: app.inject hands the whole body over at once; a browser streams it in pieces, and an
  // upload refused half-way must still get its answer while the rest is arriving.
  let base: string
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 })
  })

  async function send(parts: Part[]) {
    const form = new FormData()
    for (const part of parts) {
      if ('value' in part) form.append(part.name, part.value)
      else form.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename)
    }
    const res = await fetch(`${base}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${member.token}` },
    })
    return {
      status: res.status,
      body: (await res.json()) as { key?: string; url?: string; error?: { code: string } },
    }
  }

  it('uploads, refuses over-limit and renamed files with their codes, and keeps serving', async () => {
    const before = filesOnDisk()
    const ok = await send([purpose('image'), file(samplePng(MB), 'image/png', 'first.png')])
    expect(ok.status).toBe(201)

    const huge = await send([purpose('image'), file(samplePng(12 * MB), 'image/png', 'huge.png')])
    expect(huge).toEqual({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Images can be at most 10 MB.' } },
    })

    const renamed = await send([purpose('image'), file(samplePdf(5 * MB), 'image/png', 'renamed.png')])
    expect(renamed.status).toBe(415)
    expect(renamed.body.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE')

    const again = await send([purpose('image'), file(samplePng(MB), 'image/png', 'again.png')])
    expect(again.status).toBe(201)
    const stored = [ok.body.key, again.body.key].flatMap((key) => [key!, `.meta/${key}.json`])
    expect(filesOnDisk()).toEqual([...before, ...stored].sort())

    const ranged = await fetch(`${base}${again.body.url}`, { headers: { range: 'bytes=0-7' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-7/${MB}`)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(samplePng().subarray(0, 8))).toBe(true)
  })
})

describe('with the S3 driver (s3rver on loopback)', () => {
  let s3: TestApp
  let user: TestUser
  let server: S3rver
  let directory: string

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'stagedoor-s3rver-'))
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'uploads-test', configs: [] }],
    })
    const { port } = await server.run()
    s3 = await createTestApp(
      {
        S3_BUCKET: 'uploads-test',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      { startJobs: false },
    )
    user = await createUser(s3.app)
  })
  afterAll(async () => {
    await s3.close()
    await server.close()
    rmSync(directory, { recursive: true, force: true })
  })

  it('uploads to the bucket and serves it back with Range', async () => {
    expect(s3.app.services.storage.driver).toBe('s3')
    const wav = sampleWav(100_000)
    const res = await upload([purpose('audio'), file(wav, 'audio/wav', 'rehearsal.wav')], {
      app: s3.app,
      token: user.token,
    })
    expect(res.statusCode).toBe(201)
    const { key, url } = res.json()
    expect(filesOnDisk(s3.dataDir)).toEqual([])
    expect((await s3.app.services.storage.list({ prefix: 'uploads/audio/' })).map((o) => o.key)).toEqual([
      key,
    ])

    const whole = await s3.app.inject({ method: 'GET', url })
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/wav')
    expect(whole.headers['cache-control']).toBe('private, max-age=3600')
    expect(whole.rawPayload.equals(wav)).toBe(true)

    const part = await s3.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-0' } })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 0-0/${wav.length}`)
    expect(part.rawPayload.equals(wav.subarray(0, 1))).toBe(true)

    const tail = await s3.app.inject({ method: 'GET', url, headers: { range: 'bytes=-44' } })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload.equals(wav.subarray(-44))).toBe(true)

    const beyond = await s3.app.inject({ method: 'GET', url, headers: { range: `bytes=${wav.length}-` } })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${wav.length}`)
  })

  it('puts nothing in the bucket when an upload is refused part-way', async () => {
    const before = (await s3.app.services.storage.list({ limit: 1000 })).map((o) => o.key)
    const res = await upload([purpose('image'), file(samplePng(10 * MB + 1), 'image/png', 'huge.png')], {
      app: s3.app,
      token: user.token,
    })
    expect(res.statusCode).toBe(413)
    expect((await s3.app.services.storage.list({ limit: 1000 })).map((o) => o.key)).toEqual(before)
  })
})
