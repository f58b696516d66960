import { describe, expect, it } from 'vitest'
import { answerFromCopy } from './cached-range.ts'

const BYTES = new Uint8Array(Array.from({ length: 100 }, (_, i) => i))
const copy = () =>
  new Response(BYTES.slice(), {
    status: 200,
    headers: { 'content-type': 'audio/wav', 'content-length': '100' },
  })
const request = (range?: string) =>
  new Request('https://x.test/api/files/t.wav?exp=1&sig=a', range ? { headers: { range } } : {})

describe('a kept file answered with ranges', () => {
  it('answers the whole copy without a Range header', async () => {
    const response = await answerFromCopy(request(), copy())
    expect(response.status).toBe(200)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES)
  })

  it('answers the asked bytes with 206 and Content-Range (what a seeking player sends)', async () => {
    const response = await answerFromCopy(request('bytes=10-19'), copy())
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 10-19/100')
    expect(response.headers.get('content-length')).toBe('10')
    expect(response.headers.get('content-type')).toBe('audio/wav')
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ])
  })

  it('answers an open range to the end, and the last bytes', async () => {
    const open = await answerFromCopy(request('bytes=95-'), copy())
    expect(open.status).toBe(206)
    expect(open.headers.get('content-range')).toBe('bytes 95-99/100')
    const suffix = await answerFromCopy(request('bytes=-3'), copy())
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([97, 98, 99])
  })

  it('refuses a range past the end with 416', async () => {
    const response = await answerFromCopy(request('bytes=100-'), copy())
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toBe('bytes */100')
  })
})
