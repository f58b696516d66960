import { describe } from 'vitest'
import { baseUrl, expect, test } from '../support/fixtures.ts'

// Issue 27, "Finding it": a newcomer on a phone reaches the shop from the listings without typing an
// address, and the shop says when and where; a member who holds tickets finds them from home.

const CONCERT = 'Concert Season 2025: Winter Concert'
const shots = process.env.E2E_SHOTS

describe('finding tickets', () => {
  test('a signed-out visitor at 375 px goes listings → the event → Buy tickets → the shop', async ({
    page,
    expectAxeClean,
    expectClean,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${baseUrl}/listings`)
    const card = page.getByRole('article', { name: CONCERT })
    await card.waitFor()
    // The listing offers the tickets itself, and the event's page.
    const buyOnListing = card.getByRole('link', { name: 'Buy tickets' })
    expect(await buyOnListing.getAttribute('href')).toBe('/concert-season-2025/ticket-sales')
    await expectAxeClean('listings with Buy tickets at 375 px')
    if (shots) await page.screenshot({ path: `${shots}/find-listings-375.png`, fullPage: true })

    await card.getByRole('link', { name: 'Find out more' }).click()
    await page.getByRole('heading', { level: 1, name: CONCERT }).waitFor()
    await expectAxeClean('event page with Buy tickets at 375 px')
    if (shots) await page.screenshot({ path: `${shots}/find-event-375.png`, fullPage: true })
    await page.getByRole('main').getByRole('link', { name: 'Buy tickets' }).click()

    await page.getByRole('heading', { level: 1, name: 'Tickets' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/concert-season-2025/ticket-sales')
    // When and where, on the society's clocks: a day, then 19:00–22:00 in the demo's zone.
    expect(await page.getByTestId('shop-when').textContent()).toMatch(
      /^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}–\d{2}:\d{2}$/,
    )
    expect(await page.getByTestId('shop-where').textContent()).toBe('Great Hall, Stagedoor University')
    await page.getByRole('region', { name: 'Adult' }).waitFor()
    await expectAxeClean('ticket shop header at 375 px')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, 'the shop is no wider than 375 px').toBeLessThanOrEqual(0)
    if (shots) {
      await page.screenshot({ path: `${shots}/find-shop-375.png`, fullPage: true })
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.screenshot({ path: `${shots}/find-shop-1280.png`, fullPage: true })
      await page.goto(`${baseUrl}/listings`)
      await page.getByRole('article', { name: CONCERT }).waitFor()
      await page.screenshot({ path: `${shots}/find-listings-1280.png`, fullPage: true })
    }
    await expectClean()
  })

  test('member1’s home and profile link to the tickets they hold', async ({
    page,
    signedInAs,
    expectAxeClean,
  }) => {
    await signedInAs('member1')
    await page.goto(`${baseUrl}/`)
    const yours = page.getByRole('region', { name: 'Your tickets' })
    await yours.waitFor()
    expect(await yours.textContent()).toMatch(/You hold \d+ tickets?/)
    // The concert's card says member1 holds tickets to it, and offers more (2 of 6 bought), above
    // the card's own link.
    const concert = page.getByRole('article', { name: CONCERT })
    expect(await concert.getByRole('link', { name: 'Your tickets' }).getAttribute('href')).toBe('/tickets')
    expect(await concert.getByRole('link', { name: 'Buy tickets' }).getAttribute('href')).toBe(
      '/concert-season-2025/ticket-sales',
    )
    await expectAxeClean('member home with Your tickets')
    if (shots) await page.screenshot({ path: `${shots}/find-home-1280.png`, fullPage: true })
    await yours.getByRole('link', { name: 'Your tickets' }).click()
    await page.getByRole('heading', { level: 1, name: /tickets/i }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/tickets')
    await page.goto(`${baseUrl}/profile`)
    await page
      .getByRole('region', { name: 'Your tickets' })
      .getByRole('link', { name: 'Your tickets' })
      .waitFor()
  })
})
