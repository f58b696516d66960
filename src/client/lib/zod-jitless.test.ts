import { describe, expect, it } from 'vitest'

describe('zod-jitless', () => {
  it('turns off zod’s compiled parsers, as z.config({ jitless: true }) would', async () => {
    await import('./zod-jitless.ts')
    const { z } = await import('zod')
    expect(z.config().jitless).toBe(true)
  })
})
