import { baseUrl, expect, test } from '../support/fixtures.ts'

test('a member makes a private calendar link on /events, and renews it after confirming', async ({
  page,
  signedInAs,
  expectClean,
  expectAxeClean,
}) => {
  await signedInAs('member2')
  await page.goto(`${baseUrl}/events`)
  const section = page.getByRole('region', { name: 'Subscribe in your calendar' })
  await section.waitFor()
  const link = section.getByLabel('Your private calendar link')
  if ((await link.count()) === 0) await section.getByRole('button', { name: 'Make my calendar link' }).click()
  await link.waitFor()
  const first = await link.inputValue()
  expect(first).toMatch(/\/api\/calendar\/member\/[^/]+\.ics$/)
  const feed = await page.request.get(first)
  expect(feed.status()).toBe(200)
  expect(await feed.text()).toContain('BEGIN:VCALENDAR')

  await section.getByRole('button', { name: 'Make a new link (the old one stops working)' }).click()
  const confirm = section.getByRole('alertdialog')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(await link.inputValue()).toBe(first)
  await section.getByRole('button', { name: 'Make a new link (the old one stops working)' }).click()
  await confirm.getByRole('button', { name: 'Yes, make a new link' }).click()
  await section.getByText('A new link is ready. The old one no longer works.').waitFor()
  const second = await link.inputValue()
  expect(second).not.toBe(first)
  expect((await page.request.get(first)).status()).toBe(404)
  expect((await page.request.get(second)).status()).toBe(200)

  await expectAxeClean('the calendar link')
  await expectClean()
})

test('the public listings link to the public calendar feed', async ({ page, signedInAs, expectClean }) => {
  await signedInAs(null)
  await page.goto(`${baseUrl}/listings`)
  const feed = page.getByRole('link', { name: 'Subscribe to these events in your calendar' })
  expect(await feed.getAttribute('href')).toBe('/api/calendar/public.ics')
  await expectClean()
})

test('a participant’s calendar feed has each rehearsal of their event as its own entry', async ({
  page,
  signedInAs,
  expectClean,
}) => {
  // member1 holds a place at the Messiah sing-through, which has two rehearsal dates.
  await signedInAs('member1')
  await page.goto(`${baseUrl}/events`)
  const section = page.getByRole('region', { name: 'Subscribe in your calendar' })
  await section.waitFor()
  const link = section.getByLabel('Your private calendar link')
  if ((await link.count()) === 0) await section.getByRole('button', { name: 'Make my calendar link' }).click()
  await link.waitFor()
  const feed = await (await page.request.get(await link.inputValue())).text()
  const summaries = [...feed.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim())
  expect(summaries).toContain('Messiah Sing-through: Chorus rehearsal')
  expect(summaries).toContain('Messiah Sing-through: Rehearsal with orchestra')
  expect(feed.match(/-rehearsal-/g)?.length).toBeGreaterThanOrEqual(2)
  await expectClean()
})
