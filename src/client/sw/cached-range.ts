// A kept file answered from its whole cached copy, honouring the Range header the media player
// sends when it seeks (issue 19, decision 0028). Only web-standard Request/Response: unit tested in
// Node.
import { parseRangeHeader } from '#core/files/http-range.ts'

/**
 * The answer to `request` from `cached`, the server's full 200 answer kept on the device: the whole
 * file (200), the asked range (206 with Content-Range), or 416 for a range past the end, like the
 * server's own file route (src/server/storage/files.routes.ts).
 */
export async function answerFromCopy(request: Request, cached: Response): Promise<Response> {
  const header = request.headers.get('range') ?? undefined
  if (!header) return cached
  const bytes = await cached.arrayBuffer()
  const size = bytes.byteLength
  const headers = new Headers(cached.headers)
  headers.set('accept-ranges', 'bytes')
  const wanted = parseRangeHeader(header, size)
  if (wanted.kind === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } })
  }
  if (wanted.kind === 'full') {
    headers.set('content-length', String(size))
    return new Response(bytes, { status: 200, headers })
  }
  const { start, end } = wanted.range
  headers.set('content-range', `bytes ${start}-${end}/${size}`)
  headers.set('content-length', String(end - start + 1))
  return new Response(bytes.slice(start, end + 1), { status: 206, headers })
}
