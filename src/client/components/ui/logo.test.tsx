import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Logo, LOGO_SIZES, type LogoSize } from './logo.tsx'

describe('Logo', () => {
  it.each(Object.entries(LOGO_SIZES) as [LogoSize, number][])('renders size %s at %d px', (size, px) => {
    const html = renderToStaticMarkup(<Logo size={size} />)
    expect(html).toContain(`width="${px}"`)
    expect(html).toContain(`height="${px}"`)
  })

  it('has four distinct sizes, smallest to largest', () => {
    const order = (['xs', 'sm', 'md', 'lg'] as const).map((size) => LOGO_SIZES[size])
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(new Set(order).size).toBe(4)
  })

  it('is hidden from assistive technology without a title', () => {
    const html = renderToStaticMarkup(<Logo />)
    expect(html).toContain('aria-hidden="true"')
    expect(html).not.toContain('role="img"')
  })

  it('is a named image with a title', () => {
    const html = renderToStaticMarkup(<Logo title="Stagedoor" />)
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-label="Stagedoor"')
    expect(html).toContain('<title>Stagedoor</title>')
    expect(html).not.toContain('aria-hidden')
  })
})
