import { describe, expect, it } from 'vitest'
import { PAGE_SESSION_ELEMENT_ID } from '#core/auth/page-session.ts'
import { pageSessionInHtml, parsePageSession, takePageSession } from './page-session.ts'

const USER = { id: 'u-1', email: 'a@b.test', name: 'Ada', image: null, roles: ['ticketAdmin'] }

describe('parsePageSession', () => {
  it('reads the member and token the server wrote', () => {
    expect(parsePageSession(JSON.stringify({ token: 'ey.x.y', user: USER }))).toEqual({
      token: 'ey.x.y',
      user: USER,
    })
  })

  it('is null for anything else', () => {
    for (const text of ['', 'not json', 'null', '{}', JSON.stringify({ token: '', user: USER })]) {
      expect(parsePageSession(text)).toBeNull()
    }
    expect(parsePageSession(JSON.stringify({ token: 't', user: { ...USER, id: 7 } }))).toBeNull()
  })

  it('keeps only the roles that are strings', () => {
    const user = { ...USER, roles: ['ticketAdmin', 3, null] }
    expect(parsePageSession(JSON.stringify({ token: 't', user }))?.user.roles).toEqual(['ticketAdmin'])
  })
})

describe('takePageSession', () => {
  it('reads the block once and removes it from the page', () => {
    let present = true
    const element = {
      textContent: JSON.stringify({ token: 't', user: USER }),
      remove: () => {
        present = false
      },
    }
    const doc = {
      getElementById: (id: string) => (id === PAGE_SESSION_ELEMENT_ID && present ? element : null),
    }
    expect(takePageSession(doc)?.user.id).toBe('u-1')
    expect(takePageSession(doc)).toBeNull()
  })
})

describe('pageSessionInHtml', () => {
  it('finds the block the server writes, with `<` escaped in it', () => {
    const user = { ...USER, name: '</script>' }
    const json = JSON.stringify({ token: 't', user }).replace(/</g, '\\u003c')
    const html = `<html><head><script type="application/json" id="${PAGE_SESSION_ELEMENT_ID}">${json}</script></head></html>`
    expect(pageSessionInHtml(html)?.user.name).toBe('</script>')
    expect(pageSessionInHtml('<html><head></head></html>')).toBeNull()
  })
})
