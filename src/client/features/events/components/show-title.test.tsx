import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { recordReveal } from '../show-reveals.ts'
import { ShowTitle } from './show-title.tsx'

const inAWeek = new Date(Date.now() + ((6 * 24 + 4) * 60 + 3) * 60_000 + 30_000).toISOString()

describe('ShowTitle', () => {
  it('gives a non-show its title', () => {
    const html = renderToStaticMarkup(
      <ShowTitle
        event={{ id: 'c', type: 'CONCERT', title: 'Winter Concert', showName: null, revealAt: null }}
      />,
    )
    expect(html).toBe('Winter Concert')
  })

  it('gives an unrevealed show a teaser with the time left', () => {
    const html = renderToStaticMarkup(
      <ShowTitle
        event={{ id: 's1', type: 'SHOW', title: 'Spring Show', showName: null, revealAt: inAWeek }}
      />,
    )
    expect(html).toContain('A new show — ')
    expect(html).toMatch(/revealed in 6 d 4 h (3|4) m/)
    expect(html).not.toContain('Spring Show')
  })

  it('swaps the teaser for the name, animated, when the reveal arrives live', () => {
    recordReveal('s2', 'Into the Woods')
    const html = renderToStaticMarkup(
      <ShowTitle
        event={{ id: 's2', type: 'SHOW', title: 'Spring Show', showName: null, revealAt: inAWeek }}
      />,
    )
    expect(html).toContain('Into the Woods')
    expect(html).toContain('reveal-in')
  })

  it('shows a name the server already sent without animating it', () => {
    const html = renderToStaticMarkup(
      <ShowTitle
        event={{ id: 's3', type: 'SHOW', title: 'Spring Show', showName: 'Company', revealAt: null }}
      />,
    )
    expect(html).toContain('Company')
    expect(html).not.toContain('reveal-in')
  })
})
