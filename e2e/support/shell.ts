import type { Locator, Page } from 'playwright-core'

/** One group of sidebar links: the top items (title null), an event's, or the admin ones. */
export interface SidebarSectionText {
  title: string | null
  items: { label: string; href: string; current: string | null }[]
}

/** The sidebar on screen: the one beside the page, or the open slide-over. */
export function sidebar(page: Page): Locator {
  return page.locator('#app-sidebar, [role="dialog"][aria-label="Menu"]').first()
}

/** The sidebar's main navigation once its data has arrived. */
export async function settledNav(page: Page): Promise<Locator> {
  const nav = sidebar(page).getByRole('navigation', { name: 'Main' })
  await nav.waitFor()
  await nav.locator('[data-nav-loading]').waitFor({ state: 'detached' })
  return nav
}

/** The sidebar's links, grouped as it shows them, with their accessible names. */
export async function sidebarSections(page: Page): Promise<SidebarSectionText[]> {
  const nav = await settledNav(page)
  return nav.evaluate((element) =>
    [...element.querySelectorAll('ul')].map((list) => {
      const labelledBy = list.getAttribute('aria-labelledby')
      const title = labelledBy ? (document.getElementById(labelledBy)?.textContent ?? null) : null
      return {
        title,
        items: [...list.querySelectorAll('a')].map((link) => ({
          label: link.textContent?.trim() ?? '',
          href: link.getAttribute('href') ?? '',
          current: link.getAttribute('aria-current'),
        })),
      }
    }),
  )
}

/** Just the labels, section by section: `[null, ['Events', …]]`-style pairs. */
export async function sidebarLabels(page: Page): Promise<[string | null, string[]][]> {
  return (await sidebarSections(page)).map((section) => [
    section.title,
    section.items.map((item) => item.label),
  ])
}

/** The footer's links and buttons, in order. */
export async function footerLabels(page: Page): Promise<string[]> {
  const footer = sidebar(page).getByRole('region', { name: 'Your account' })
  await footer.waitFor()
  return footer.evaluate((element) =>
    [...element.querySelectorAll('a, button')].map((control) => control.textContent?.trim() ?? ''),
  )
}
