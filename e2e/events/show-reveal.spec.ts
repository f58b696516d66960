import { graphqlAs } from '../support/accounts.ts'
import { subscriptionSent } from '../support/announcements.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

const boardMember = demo('boardmember')

test("a scheduled reveal shows the name on member1's open listings page without a reload", async ({
  page,
  signedInAs,
  expectClean,
}) => {
  await signedInAs('member1')
  const sent = subscriptionSent(page, 'ShowRevealed')
  await page.goto(`${baseUrl}/listings`)
  const show = page.getByRole('article', { name: /A new show/ })
  await show.getByTestId('reveal-countdown').waitFor()
  expect(await page.getByText('Into the Woods').count()).toBe(0)
  await sent
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })

  const token = await sessionToken(baseUrl, boardMember)
  const { adminEvent } = await graphqlAs<{ adminEvent: { id: string } }>(baseUrl, token, {
    operationName: 'SpringShow',
    query: 'query SpringShow { adminEvent(slug: "spring-show-2027") { id } }',
  })
  // A few seconds ahead: the server registers the page's subscription a moment after it is sent.
  await graphqlAs(baseUrl, token, {
    operationName: 'Schedule',
    query:
      'mutation Schedule($id: ID!, $at: DateTime!) { scheduleShowReveal(id: $id, revealAt: $at) { id } }',
    variables: { id: adminEvent.id, at: new Date(Date.now() + 3000).toISOString() },
  })

  await page.getByRole('heading', { level: 2, name: 'Into the Woods' }).waitFor({ timeout: 15_000 })
  // Announced to screen readers too.
  await page.getByText('The show is revealed: Into the Woods.').waitFor()
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  )
  await expectClean()
})

test("a scheduled reveal shows the name on member1's open events page (/events) without a reload", async ({
  page,
  signedInAs,
  expectClean,
}) => {
  await signedInAs('member1')
  const token = await sessionToken(baseUrl, boardMember)
  const slug = `autumn-show-${Date.now().toString(36)}`
  const day = 86_400_000
  const { createEvent } = await graphqlAs<{ createEvent: { id: string } }>(baseUrl, token, {
    operationName: 'CreateShow',
    query: 'mutation CreateShow($input: EventInput!) { createEvent(input: $input) { id } }',
    variables: {
      input: {
        slug,
        type: 'SHOW',
        title: `Autumn Show ${slug.slice(12)}`,
        showName: 'The Secret Garden',
        startDate: new Date(Date.now() + 60 * day).toISOString(),
        endDate: new Date(Date.now() + 61 * day).toISOString(),
      },
    },
  })
  const schedule = (at: Date) =>
    graphqlAs(baseUrl, token, {
      operationName: 'Schedule',
      query:
        'mutation Schedule($id: ID!, $at: DateTime!) { scheduleShowReveal(id: $id, revealAt: $at) { id } }',
      variables: { id: createEvent.id, at: at.toISOString() },
    })
  await schedule(new Date(Date.now() + day))
  await graphqlAs(baseUrl, token, {
    operationName: 'Publish',
    query: 'mutation Publish($id: ID!) { publishEvent(id: $id, visibility: members) { id } }',
    variables: { id: createEvent.id },
  })

  const sent = subscriptionSent(page, 'ShowRevealed')
  await page.goto(`${baseUrl}/events`)
  const card = page.getByRole('article', { name: `Autumn Show ${slug.slice(12)}` })
  await card.waitFor()
  expect(await page.getByText('The Secret Garden').count()).toBe(0)
  await sent
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })

  await schedule(new Date(Date.now() + 3000))
  await card.getByText('The Secret Garden').waitFor({ timeout: 15_000 })
  await page.getByText('The show is revealed: The Secret Garden.').waitFor()
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  )
  await expectClean()
})
