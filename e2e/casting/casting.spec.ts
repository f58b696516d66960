import type { Page } from 'playwright-core'
import { beforeAll, describe } from 'vitest'
import type { DemoTestAccount } from '../support/accounts.ts'
import { submitApplication } from '../support/applications.ts'
import { seriousAxeViolations } from '../support/browser.ts'
import { createEvent, uniqueSlug } from '../support/events.ts'
import { baseUrl, demo, expect, test } from '../support/fixtures.ts'
import { sessionToken } from '../support/session.ts'

const superAdmin = demo('superadmin')
const members = (['member1', 'member2', 'member3'] as const).map(demo)

// A fresh event of our own: the demo rows other specs rely on stay as they are.
const slug = uniqueSlug('casting-e2e')

async function apply(member: DemoTestAccount, type: string, answers: Record<string, unknown>) {
  await submitApplication(baseUrl, await sessionToken(baseUrl, member), {
    eventSlug: slug,
    type,
    profile: {
      name: member.name,
      phone: '07700 900456',
      emergencyContact: { name: 'Pat Doe', phone: '07700 900789', relationship: 'parent' },
    },
    answers,
  })
}

beforeAll(async () => {
  await createEvent(baseUrl, await sessionToken(baseUrl, superAdmin), {
    slug,
    title: `Casting journey ${slug.slice(-8)}`,
    startsInDays: 40,
    signupClosesInDays: 20,
    eventConfig: {
      applicationTypes: {
        singer: {
          label: 'Singer',
          questions: [{ id: 'why', label: 'Why do you want to sing?', kind: 'long_text', required: true }],
        },
        orchestra: {
          label: 'Orchestra',
          questions: [{ id: 'instrument', label: 'Instrument', kind: 'instrument', required: true }],
        },
      },
      parts: ['Soprano', 'Alto', 'Tenor', 'Bass', 'Violin'],
    },
  })
  await apply(members[0]!, 'singer', { why: 'I love Vivaldi.' })
  await apply(members[1]!, 'singer', { why: 'To sing the Gloria again.' })
  await apply(members[2]!, 'singer', { why: 'My first concert with the society.' })
  await apply(members[0]!, 'orchestra', { instrument: { instrument: 'violin', level: 'advanced' } })
})

const rows = (p: Page) => p.getByRole('region', { name: /applications?$/ }).locator('tbody tr[aria-rowindex]')

describe('casting', () => {
  test('filters the list, reviews and casts an applicant, moves on by keyboard; another admin sees it live', async ({
    page,
    signedInAs,
    otherTab,
    expectClean,
  }) => {
    await signedInAs('superadmin')
    await page.goto(`${baseUrl}/admin/casting`)
    await page
      .getByRole('link', { name: /Casting journey/ })
      .filter({ hasText: slug.slice(-8) })
      .click()
    await page.waitForURL(`${baseUrl}/admin/casting/${slug}`)
    await expect.poll(() => rows(page).count()).toBe(4)
    await page.waitForLoadState('networkidle')
    expect(await seriousAxeViolations(page)).toEqual([])

    // Chips filter on the server and carry their counts; the filter is in the URL.
    await page.getByRole('button', { name: 'Orchestra (1)' }).click()
    await expect.poll(() => rows(page).count()).toBe(1)
    expect(page.url()).toContain('type=orchestra')
    await page.getByRole('button', { name: 'Orchestra (1)' }).click()
    await page.getByLabel('Search by name').fill('jonah')
    await expect.poll(() => rows(page).count()).toBe(1)
    expect(page.url()).toContain('q=jonah')
    await page.getByLabel('Search by name').fill('')
    await expect.poll(() => page.url()).not.toContain('q=')

    await page.getByRole('button', { name: 'Singer (3)' }).click()
    await page.getByLabel('Sort by').selectOption('NAME')
    await expect
      .poll(async () => (await rows(page).locator('td:first-child a').allTextContents()).join('|'))
      .toBe('Ife Adeyemi|Jonah Reyes|Maya Patel')

    // The other admin watches the same list.
    const watcher = otherTab.page
    await otherTab.signedInAs('sitrmd')
    await watcher.goto(`${baseUrl}/admin/casting/${slug}?sort=NAME`)
    await expect.poll(() => rows(watcher).count()).toBe(4)
    await watcher.waitForLoadState('networkidle')
    await watcher.evaluate(() => ((window as unknown as { __same: boolean }).__same = true))

    // Detail: answers, then a score and a note, then a part.
    await page.getByRole('link', { name: 'Ife Adeyemi' }).click()
    await page.getByRole('heading', { level: 1, name: 'Ife Adeyemi' }).waitFor()
    expect(page.url()).toContain('type=singer')
    await page.getByText('My first concert with the society.').waitFor()
    await page.waitForLoadState('networkidle')
    expect(await seriousAxeViolations(page)).toEqual([])

    await page.getByRole('group', { name: 'Your score' }).getByText('4', { exact: true }).click()
    await page.getByLabel('Your note').fill('Clear, confident alto.')
    await page.getByRole('button', { name: 'Save review' }).click()
    await page.getByRole('region', { name: 'Reviews' }).getByText(`${superAdmin.name} (you): 4 / 5`).waitFor()

    await page.getByLabel('Part', { exact: true }).selectOption('Alto')
    await page.getByRole('button', { name: 'Save part' }).click()
    await page.getByText('Part: Alto').waitFor()

    // Live, without a reload, on the other admin's list.
    const row = rows(watcher).filter({ hasText: 'Ife Adeyemi' })
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Alto')
    expect(await row.textContent()).toContain('Updated by another admin')
    expect(await watcher.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true)

    // Keyboard: J for the next applicant in the list's order, K back.
    await page.getByRole('heading', { level: 1 }).focus()
    await page.keyboard.press('j')
    await page.getByRole('heading', { level: 1, name: 'Jonah Reyes' }).waitFor()
    expect(page.url()).toContain('sort=NAME')
    // The keys move once the applicant's neighbours are known (the Previous link shows them).
    await page
      .getByRole('navigation', { name: 'Applicants' })
      .getByRole('link', { name: 'Previous' })
      .waitFor()
    await page.keyboard.press('ArrowLeft')
    await page.getByRole('heading', { level: 1, name: 'Ife Adeyemi' }).waitFor()
    await page.getByRole('link', { name: 'Next' }).click()
    await page.getByRole('heading', { level: 1, name: 'Jonah Reyes' }).waitFor()

    // At 360 px wide both pages stay axe-clean and nothing but the table scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 })
    for (const url of [page.url(), `${baseUrl}/admin/casting/${slug}?type=singer`]) {
      await page.goto(url)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      expect(await seriousAxeViolations(page)).toEqual([])
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
    }

    await expectClean()
    await otherTab.expectClean()
  })
})
