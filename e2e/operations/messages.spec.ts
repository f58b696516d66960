import { baseUrl, expect, test } from '../support/fixtures.ts'

// Messages to participants: the PAID sopranos of the demo sing-through, by keyboard, previewed
// (who gets it, the email as rendered), then sent through the outbox.

const SLUG = 'messiah-singthrough'

test('operations: message the PAID sopranos, preview first, by keyboard', async ({
  page,
  signedInAs,
  expectAxeClean,
}) => {
  await signedInAs('superadmin')
  await page.goto(`${baseUrl}/admin/operations/${SLUG}`)
  const table = page.getByRole('table', { name: 'Participants' })
  await table.waitFor()
  await page.getByLabel('Part', { exact: true }).selectOption('Soprano')
  // Each row header is the name, then the email on the line below it.
  const shownNames = (await table.getByRole('rowheader').allInnerTexts()).map((t) => t.split('\n')[0])
  expect(shownNames.length).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'Message…' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Message these participants' })
  await dialog.waitFor()
  await dialog.getByLabel('Subject').fill('Rehearsal moved: {{eventTitle}}')
  await dialog.getByLabel('Message (Markdown)').fill('Hi {{name}},\n\nThe rehearsal is now at **7pm**.')
  await dialog.getByRole('button', { name: 'Preview', exact: true }).focus()
  await page.keyboard.press('Enter')
  const preview = dialog.getByRole('region', { name: 'Preview' })
  await preview.waitFor()
  expect(await preview.textContent()).toContain('Subject: Rehearsal moved: Messiah Sing-through')
  expect(await preview.getByRole('listitem').count()).toBe(new Set(shownNames).size)
  await expectAxeClean('message dialog with preview')

  const send = dialog.getByRole('button', { name: /^Send to \d+ member/ })
  await send.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor({ state: 'detached' })
  await page.getByText(/Message sent to \d+ member/).waitFor()
})
