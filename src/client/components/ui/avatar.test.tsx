import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Avatar, initialsOf } from './avatar.tsx'

describe('initialsOf', () => {
  it.each([
    ['Maya Patel', 'MP'],
    ['Sasha  Okafor-Reid', 'SR'],
    ['Cher', 'C'],
    ['ife adeyemi', 'IA'],
    ['Ana María de la Cruz', 'AC'],
    ['Łukasz Żak', 'ŁŻ'],
    ['member3@stagedoor.test', 'M'],
    ['jo.bloggs@example.org', 'JB'],
    ['   ', '?'],
    ['', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initialsOf(name)).toBe(expected)
  })
})

describe('Avatar', () => {
  it('shows the picture when there is one, as decoration', () => {
    const html = renderToStaticMarkup(<Avatar name="Maya Patel" image="/api/files/maya.jpg" />)
    expect(html).toMatch(/<img[^>]*src="\/api\/files\/maya.jpg"/)
    expect(html).toContain('alt=""')
    expect(html).not.toContain('MP')
  })

  it('shows initials when there is none', () => {
    const html = renderToStaticMarkup(<Avatar name="Maya Patel" image={null} />)
    expect(html).not.toContain('<img')
    expect(html).toContain('>MP</span>')
    expect(html).toContain('aria-hidden="true"')
  })
})
