import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { samplePng } from '#server/storage/sample-files.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { createTestApp, type TestApp } from '#server/testing/test-app.ts'

// Issue 17, finding 8: uploads kept the client's extension, signed responses lacked `private`, and
// nothing capped what one member may upload.

const QUOTA = 3000
let t: TestApp
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_QUOTA_BYTES: String(QUOTA) }, { startJobs: false })
  member = await createUser(t.app)
})
afterAll(() => t.close())

async function upload(data: Buffer, filename: string, token = member.token) {
  const form = new FormData()
  form.append('purpose', 'image')
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), filename)
  const encoded = new Response(form)
  return t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      authorization: `Bearer ${token}`,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
}

describe('uploads', () => {
  it('stores the extension of the detected type, not the one sent', async () => {
    const res = await upload(samplePng(), 'poly.html')
    expect(res.statusCode).toBe(201)
    const { key, url } = res.json() as { key: string; url: string }
    expect(key).toMatch(/-poly\.png$/)
    expect(key).not.toContain('.html')
    const file = await t.app.inject({ method: 'GET', url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(String(file.headers['cache-control'])).toMatch(/^private\b/)
    expect(String(file.headers['cache-control'])).not.toMatch(/public/)
  })

  it("refuses uploads beyond a member's 24-hour quota, and not another member's", async () => {
    const uploader = await createUser(t.app)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await upload(samplePng(1000), `p${i}.png`, uploader.token)).statusCode)
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201])
    expect(statuses.at(-1)).toBe(413)
    const refused = await upload(samplePng(1000), 'again.png', uploader.token)
    expect(refused.json().error.code).toBe('PAYLOAD_TOO_LARGE')
    expect(refused.json().error.message).toMatch(/24 hours/)
    const other = await createUser(t.app)
    expect((await upload(samplePng(), 'mine.png', other.token)).statusCode).toBe(201)
  })
})
