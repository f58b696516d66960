import { describe, expect, it } from 'vitest'
import { renderMarkdown } from './markdown.ts'

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown('# Rehearsals\n\n**Tuesdays** at 7pm.\n\n- Bring a pencil\n- Water')
    expect(html).toContain('<h2>Rehearsals</h2>')
    expect(html).toContain('<strong>Tuesdays</strong>')
    expect(html).toContain('<li>Bring a pencil</li>')
  })

  it.each([
    ['<script>alert(1)</script>Hello', '<script'],
    ['<img src="https://x.example/a.png" onerror="alert(1)">', 'onerror'],
    ['[click](javascript:alert(1))', 'javascript:'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'avaScRiPt'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', 'data:'],
    ['<iframe src="https://evil.example"></iframe>', '<iframe'],
    ['<form action="https://evil.example"><input></form>', '<form'],
    ['<p style="background:url(javascript:alert(1))">x</p>', 'style='],
    ['[x](//evil.example)', '//evil.example'],
  ])('neutralises %s', (markdown, forbidden) => {
    expect(renderMarkdown(markdown).toLowerCase()).not.toContain(forbidden.toLowerCase())
  })

  it('keeps safe links and opens other sites in a new tab without the opener', () => {
    const html = renderMarkdown('[Venue](https://maps.example/hall) and [email](mailto:chair@stagedoor.test)')
    expect(html).toContain('href="https://maps.example/hall" target="_blank" rel="noopener noreferrer"')
    expect(html).toContain('href="mailto:chair@stagedoor.test"')
  })
})
