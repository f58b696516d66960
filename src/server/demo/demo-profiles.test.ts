import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { avatarSvg } from './demo-profiles.ts'

describe('generated demo avatars', () => {
  it('are the same for the same seed, differ between seeds, and render to a 512 px square', async () => {
    expect(avatarSvg('maya-patel')).toBe(avatarSvg('maya-patel'))
    expect(avatarSvg('maya-patel')).not.toBe(avatarSvg('sam-jones'))
    const meta = await sharp(Buffer.from(avatarSvg('maya-patel')))
      .webp()
      .toBuffer()
      .then((b) => sharp(b).metadata())
    expect([meta.width, meta.height, meta.format]).toEqual([512, 512, 'webp'])
  })
})
