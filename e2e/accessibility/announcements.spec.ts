import { baseUrl, expect, test } from '../support/fixtures.ts'

// Screen-reader announcements (issue 19): the note-bashing player says play/pause/speed/seek in a
// polite live region; the door says each scan's result in an assertive one, even a repeated result.

test('the note-bashing player announces play, speed, seek and pause', async ({
  page,
  signedInAs,
  expectClean,
}) => {
  await signedInAs('member1')
  await page.goto(`${baseUrl}/messiah-singthrough/note-bashing`)
  await page.getByRole('heading', { level: 1 }).waitFor()
  const announcer = page.getByTestId('player-announcer')
  expect(await announcer.getAttribute('aria-live')).toBe('polite')
  expect(await announcer.textContent()).toBe('')
  await page.getByRole('button', { name: 'Play' }).first().click()
  await expect.poll(() => announcer.textContent()).toBe('Playing')
  await page.getByRole('button', { name: '0.75×' }).click()
  await expect.poll(() => announcer.textContent()).toBe('Speed 0.75×')
  await page.getByRole('button', { name: 'Pause' }).focus()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => announcer.textContent()).toMatch(/^At 0:0\d of 0:04$/)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect.poll(() => announcer.textContent()).toMatch(/^(Paused|Finished)$/)
  await expectClean()
})

test('the door announces every scan, a repeated result too', async ({ page, signedInAs, expectClean }) => {
  await signedInAs('ticketadmin')
  await page.goto(`${baseUrl}/admin/winter-formal/tickets/check-in`)
  await page.getByRole('heading', { level: 1, name: 'Door check-in' }).waitFor()
  const announcer = page.getByTestId('scan-announcer')
  expect(await announcer.getAttribute('aria-live')).toBe('assertive')
  expect(await announcer.textContent()).toBe('')
  await page.getByLabel('Ticket code').fill('NOT-A-TICKET')
  await page.keyboard.press('Enter')
  await expect.poll(() => announcer.textContent()).toBe('Scan 1: Not a ticket (unknown or cancelled code).')
  await page.getByLabel('Ticket code').fill('NOT-A-TICKET-EITHER')
  await page.keyboard.press('Enter')
  await expect.poll(() => announcer.textContent()).toBe('Scan 2: Not a ticket (unknown or cancelled code).')
  await expectClean()
})

// Reduced motion (issue 19): the desktop sidebar animates its width and the mobile menu slides in;
// with `prefers-reduced-motion: reduce` neither moves.
const seconds = (value: string) =>
  Math.max(...value.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) / 1000 : parseFloat(v))))

test('reduced motion takes the transitions and animations away', async ({ page, signedInAs }) => {
  await signedInAs('member1')
  await page.goto(`${baseUrl}/`)
  const sidebar = page.locator('aside').first()
  await sidebar.waitFor()
  const transition = () => sidebar.evaluate((el) => getComputedStyle(el).transitionDuration)
  expect(seconds(await transition())).toBeGreaterThan(0.1)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  expect(seconds(await transition())).toBeLessThan(0.001)
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')

  await page.setViewportSize({ width: 375, height: 740 })
  await page.getByRole('button', { name: 'Open menu' }).click()
  const panel = page.locator('.slide-in')
  await panel.waitFor()
  expect(seconds(await panel.evaluate((el) => getComputedStyle(el).animationDuration))).toBeLessThan(0.001)
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect(seconds(await panel.evaluate((el) => getComputedStyle(el).animationDuration))).toBeGreaterThan(0.1)
})
