import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FatalErrorView } from './fatal-error-page.tsx'
import { RenderFailure } from './render-failure.tsx'

const render = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)

describe('FatalErrorView', () => {
  it('says Uh-oh on the full-screen page and asks for an email to the support address', () => {
    const html = render(<FatalErrorView supportEmail="help@stagedoor.test" />)
    expect(html).toMatch(/<h1[^>]*>Uh-oh<\/h1>/)
    expect(html).toContain('Something has gone totally wrong on our end.')
    expect(html).toContain('href="mailto:help@stagedoor.test"')
    expect(html).toContain('to say what happened')
    expect(html).toContain('bg-linear-to-br')
    expect(html).toContain('data-logo-size="lg"')
    expect(html).toMatch(/<button[^>]*>Reload the page<\/button>/)
  })

  it('still asks for an email while the address is unknown', () => {
    const html = render(<FatalErrorView supportEmail={null} />)
    expect(html).not.toContain('mailto:')
    expect(html).toContain('to say what happened')
  })
})

describe('RenderFailure', () => {
  it('has the spec’s message and ways on', () => {
    const html = render(<RenderFailure onRetry={() => {}} />)
    expect(html).toContain('Something went wrong and we are unable to show this page.')
    expect(html).toMatch(/<button[^>]*>.*Try again<\/button>/)
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to the home page<\/a>/)
  })
})

describe('RenderFailure after a failed download of the page’s code', () => {
  it('offers a reload instead of trying again', () => {
    const html = render(<RenderFailure onRetry={() => {}} reload />)
    expect(html).toContain('Something went wrong and we are unable to show this page.')
    expect(html).toMatch(/<button[^>]*>.*Reload the page<\/button>/)
    expect(html).not.toContain('Try again')
  })
})
