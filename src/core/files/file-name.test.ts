import { describe, expect, it } from 'vitest'
import { safeFileName, storedFileName } from './file-name.ts'

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

describe('storedFileName (issue 17, finding 8)', () => {
  it('takes the extension from the detected type, never the sent name', () => {
    expect(storedFileName('poly.html', 'png')).toBe('poly.png')
    expect(storedFileName('photo.JPG', 'jpg')).toBe('photo.jpg')
    expect(storedFileName('track', 'mp3')).toBe('track.mp3')
    expect(storedFileName('x.svg', undefined)).toBe('x')
    expect(storedFileName('.html', 'png')).toBe('html.png')
  })
})
