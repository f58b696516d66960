import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { Client, Provider as UrqlProvider } from 'urql'
import { describe, expect, it } from 'vitest'
import { createAuth, type CurrentUser } from '#client/lib/auth.ts'
import { AuthProvider } from '#client/lib/use-auth.tsx'
import { noTransport } from '../prerender.tsx'
import { AppShell } from './app-shell.tsx'

const user: CurrentUser = {
  id: 'u1',
  email: 'ada@stagedoor.test',
  name: 'Ada Lovelace',
  image: null,
  roles: [],
}

function render(viewportUnknown: boolean): string {
  const auth = createAuth({ transport: noTransport, initial: { token: '', user } })
  const client = new Client({ url: '/api/graphql', exchanges: [] })
  return renderToStaticMarkup(
    <AuthProvider auth={auth}>
      <UrqlProvider value={client}>
        <MemoryRouter initialEntries={['/']}>
          <AppShell user={user} viewportUnknown={viewportUnknown}>
            <p>The page</p>
          </AppShell>
        </MemoryRouter>
      </UrqlProvider>
    </AuthProvider>,
  )
}

describe('AppShell rendered ahead of the app (viewport unknown)', () => {
  it('has the sidebar and the top bar after the page, CSS showing one of them first', () => {
    const html = render(true)
    const main = html.indexOf('<main')
    const header = html.indexOf('<header')
    const aside = html.indexOf('<aside')
    expect(main).toBeGreaterThan(-1)
    expect(header).toBeGreaterThan(main)
    expect(aside).toBeGreaterThan(header)
    expect(html).toMatch(/<header class="[^"]*order-first lg:hidden"/)
    expect(html).toMatch(/<aside[^>]*class="[^"]*order-first max-lg:hidden"/)
  })

  it('is the usual shell otherwise: the sidebar before the page, no top bar on a desktop', () => {
    const html = render(false)
    expect(html.indexOf('<aside')).toBeGreaterThan(-1)
    expect(html.indexOf('<aside')).toBeLessThan(html.indexOf('<main'))
    expect(html).not.toContain('<header')
    expect(html).not.toContain('order-first')
  })
})
