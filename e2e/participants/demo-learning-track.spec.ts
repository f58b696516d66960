import { baseUrl, expect, test } from '../support/fixtures.ts'

// The demo sing-through ships learning tracks (synthesized WAVs made at seed time): member1, a
// confirmed soprano, can play one.

test('member1 plays a demo learning track', async ({ page, signedInAs, expectClean }) => {
  await signedInAs('member1')
  await page.goto(`${baseUrl}/messiah-singthrough/note-bashing`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.getByRole('button', { name: 'Play' }).first().click()
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="learning-track"]')
    return audio && !audio.paused && audio.currentTime > 0.2
  })
  const duration = await page.evaluate(
    () => document.querySelector<HTMLAudioElement>('audio[data-testid="learning-track"]')!.duration,
  )
  expect(duration).toBeCloseTo(4, 0)
  await expectClean()
})
