import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Button } from './button.tsx'
import { ErrorSummary } from './error-summary.tsx'
import { FullScreenPage } from './full-screen-page.tsx'
import { Spinner } from './spinner.tsx'
import { TextField } from './text-field.tsx'

/** Parse rendered markup, to ask it questions the way the accessibility tree would. */
function attributesOf(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
    Object.fromEntries([...(attrs ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])),
  )
}

describe('TextField', () => {
  it('labels the input and reads its error, hint and live feedback with it', () => {
    const html = renderToStaticMarkup(
      <TextField
        id="email"
        label="Email address"
        hint="We never share it."
        error="Enter your email address."
        status=""
      />,
    )
    expect(html).toContain('<label for="email"')
    const [input] = attributesOf(html, 'input')
    expect(input?.['aria-invalid']).toBe('true')
    expect(input?.['aria-describedby']).toBe('email-error email-hint email-status')
    expect(html).toContain('id="email-error"')
    expect(html).toContain('aria-live="polite"')
  })

  it('is not marked invalid without an error', () => {
    const [input] = attributesOf(renderToStaticMarkup(<TextField id="name" label="Your name" />), 'input')
    expect(input?.['aria-invalid']).toBeUndefined()
    expect(input?.['aria-describedby']).toBeUndefined()
  })
})

describe('ErrorSummary', () => {
  it('is an alert that can take focus, with links to the fields', () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        message="Check the form."
        problems={[{ fieldId: 'login-email', message: 'Enter your email address.' }]}
      />,
    )
    const [box] = attributesOf(html, 'div')
    expect(box?.role).toBe('alert')
    expect(box?.tabindex).toBe('-1')
    expect(html).toContain('href="#login-email"')
  })

  it('renders nothing when all is well', () => {
    expect(renderToStaticMarkup(<ErrorSummary message={null} />)).toBe('')
  })
})

describe('Spinner', () => {
  it('is a named status', () => {
    const [status] = attributesOf(renderToStaticMarkup(<Spinner label="Checking your sign-in…" />), 'div')
    expect(status?.role).toBe('status')
    expect(status?.['aria-label']).toBe('Checking your sign-in…')
  })
})

describe('Button', () => {
  it('stays focusable while pending, and says it is busy', () => {
    const [button] = attributesOf(renderToStaticMarkup(<Button pending>Sign in</Button>), 'button')
    expect(button?.type).toBe('button')
    expect(button?.['aria-disabled']).toBe('true')
    expect(button?.['aria-busy']).toBe('true')
    expect(button?.disabled).toBeUndefined()
  })
})

describe('FullScreenPage', () => {
  it('has the logo, a heading, its content and a secondary action in one main landmark', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FullScreenPage
          title="Sign in"
          heading="Sign in to Stagedoor"
          secondaryAction={{ label: 'Back home', to: '/' }}
        >
          <p>content</p>
        </FullScreenPage>
      </MemoryRouter>,
    )
    expect(html.match(/<main\b/g)).toHaveLength(1)
    expect(html).toContain('<title>Sign in · Stagedoor</title>')
    expect(html).toContain('data-logo-size="lg"')
    expect(html).toMatch(/<h1[^>]*>Sign in to Stagedoor<\/h1>/)
    expect(html).toContain('<p>content</p>')
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back home<\/a>/)
    expect(html).toContain('bg-linear-to-br')
  })

  it('leaves out what it is not given', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FullScreenPage title="Loading" />
      </MemoryRouter>,
    )
    expect(html).not.toContain('<h1')
    expect(html).not.toContain('Back home')
  })
})
