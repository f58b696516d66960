// REST downloads with the access token: the data export, receipts (a link cannot carry the token).

/** A REST call with the access token; the answer's `{error: {message}}` becomes the thrown message. */
export async function withToken(
  token: string | null,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    headers: { ...(init.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    throw new Error(body?.error?.message ?? `The request failed (${response.status}).`)
  }
  return response
}

/** Save a response body as a file the browser downloads. */
export async function download(response: Response, fallbackName: string): Promise<void> {
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
