import { describe, expect, it } from 'vitest'
import { safeFileName } from './file-name.ts'

describe('safeFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['My Concert Poster (final).PNG', 'My-Concert-Poster-final.PNG'],
    ['Chœur été.mp3', 'Ch-ur-ete.mp3'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\score.pdf', 'score.pdf'],
    ['.htaccess', 'htaccess'],
    ['...', 'file'],
    ['', 'file'],
    [undefined, 'file'],
    ['a\u0000b\nc.txt', 'a-b-c.txt'],
  ])('%j → %j', (input, expected) => {
    expect(safeFileName(input)).toBe(expected)
  })

  it('keeps the extension when shortening', () => {
    const name = safeFileName(`${'x'.repeat(200)}.jpeg`)
    expect(name).toHaveLength(80)
    expect(name.endsWith('x.jpeg')).toBe(true)
  })
})
