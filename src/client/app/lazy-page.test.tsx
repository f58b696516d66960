import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ChunkLoadError, isChunkLoadError, lazyPage } from './lazy-page.tsx'

describe('lazyPage', () => {
  it('shows nothing visible while the code loads (PRE_SHOW), never a spinner at once', () => {
    const Page = lazyPage<{ title: string }>(() => new Promise(() => {}))
    const html = renderToStaticMarkup(<Page title="Casting" />)
    expect(html).toContain('data-loading-phase="PRE_SHOW"')
    expect(html).toContain('aria-busy="true"')
    expect(html).not.toContain('role="status"')
  })
})

describe('isChunkLoadError', () => {
  it('tells a failed download from any other error', () => {
    expect(
      isChunkLoadError(new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))),
    ).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})
