import { renderToStaticMarkup } from 'react-dom/server'
import { useForm } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Checkbox, MoneyInput, Select, Textarea, TextInput } from './index.ts'
import { Form } from './form.tsx'
import { penceOfTyped, penceToPounds } from './money-input.tsx'
import { NOT_MONEY, zodResolver } from './zod-resolver.ts'

/** Parse rendered markup, to ask it questions the way the accessibility tree would. */
function attributesOf(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map(([, attrs]) =>
    Object.fromEntries([...(attrs ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])),
  )
}

interface Values {
  title: string
  kind: string
  notes: string
  agree: boolean
  pricePence: number | null
}
const DEFAULTS: Values = { title: '', kind: 'a', notes: '', agree: false, pricePence: 1250 }

/** A form of every control; `error` is put on the title (as the server would) before it renders. */
function Harness({ error, message }: { error?: string; message?: string }) {
  const form = useForm<Values>({ defaultValues: DEFAULTS })
  if (error && !form.formState.errors.title) form.setError('title', { type: 'server', message: error })
  return (
    <Form form={form} onSubmit={() => undefined} idPrefix="t" message={message} describe={() => 'Title'}>
      <TextInput<Values> name="title" label="Title" hint="As on the poster." required />
      <Select<Values>
        name="kind"
        label="Kind"
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
      />
      <Textarea<Values> name="notes" label="Notes" markdown />
      <Checkbox<Values> name="agree" label="I agree" />
      <MoneyInput<Values> name="pricePence" label="Price" />
    </Form>
  )
}

describe('the form controls', () => {
  it('take their ids from the form path under the form prefix, labelled and described', () => {
    const html = renderToStaticMarkup(<Harness />)
    const inputs = attributesOf(html, 'input')
    expect(inputs.map((i) => i.id)).toEqual(['t-title', 't-agree', 't-pricePence'])
    expect(html).toContain('<label for="t-title"')
    expect(html).toContain('<label for="t-kind"')
    expect(inputs[0]?.['aria-required']).toBe('true')
    expect(inputs[0]?.['aria-describedby']).toBe('t-title-hint')
    expect(inputs[0]?.['aria-invalid']).toBeUndefined()
    expect(attributesOf(html, 'textarea')[0]?.['aria-describedby']).toBe('t-notes-hint')
    expect(attributesOf(html, 'form')[0]?.noValidate).toBe('')
    expect(html).not.toContain('role="alert"')
  })

  it('show pence as pounds in the money input', () => {
    const [, , money] = attributesOf(renderToStaticMarkup(<Harness />), 'input')
    expect(money?.value).toBe('12.50')
    expect(money?.inputMode).toBe('decimal')
  })

  it('mark a field in error, read the error with it, and link to it from the summary', () => {
    const html = renderToStaticMarkup(<Harness error="Give a title." />)
    const [title] = attributesOf(html, 'input')
    expect(title?.['aria-invalid']).toBe('true')
    expect(title?.['aria-describedby']).toBe('t-title-error t-title-hint')
    expect(html).toMatch(/<p id="t-title-error"[^>]*>.*Give a title\./)
    expect(html).toContain('role="alert"')
    expect(html).toMatch(/<a href="#t-title"[^>]*>Title: Give a title\.<\/a>/)
  })

  it('show a problem with the whole form in the summary', () => {
    const html = renderToStaticMarkup(<Harness message="The event was changed by someone else." />)
    expect(html).toContain('role="alert"')
    expect(html).toContain('The event was changed by someone else.')
  })
})

describe('zodResolver', () => {
  const schema = z.object({
    title: z.string().trim().min(1, 'Give a title.').max(5, 'At most 5 characters.'),
    pricePence: z.number().int().min(0),
    lines: z.array(z.object({ label: z.string().min(1, 'Give a label.') })),
  })
  type Form = { title: string; pricePence: number; lines: { label: string }[] }
  const resolve = (values: Form) =>
    zodResolver<Form>(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false })

  it('passes the values through when the schema takes them', async () => {
    const values = { title: 'Hi', pricePence: 100, lines: [{ label: 'x' }] }
    expect(await resolve(values)).toEqual({ values, errors: {} })
  })

  it('puts each problem at its path, as a validation problem', async () => {
    const out = await resolve({ title: '', pricePence: 100, lines: [{ label: 'x' }, { label: '' }] })
    expect(out.values).toEqual({})
    expect(out.errors).toEqual({
      title: { type: 'validation', message: 'Give a title.' },
      lines: { 1: { label: { type: 'validation', message: 'Give a label.' } } },
    })
  })

  it('says a money input holds no amount (NaN) in words', async () => {
    const out = await resolve({ title: 'Hi', pricePence: Number.NaN, lines: [] })
    expect(out.errors).toEqual({ pricePence: { type: 'validation', message: NOT_MONEY } })
  })

  it('reads the values through toInput and places paths through pathOf', async () => {
    const resolver = zodResolver<{ name: string }>(z.object({ title: z.string().min(1, 'Give a title.') }), {
      toInput: (v) => ({ title: v.name }),
      pathOf: (path) => (path[0] === 'title' ? 'name' : ''),
    })
    const out = await resolver({ name: '' }, undefined, { fields: {}, shouldUseNativeValidation: false })
    expect(out.errors).toEqual({ name: { type: 'validation', message: 'Give a title.' } })
  })
})

describe('money', () => {
  it.each([
    ['12.50', 1250],
    ['£12.5', 1250],
    ['12', 1200],
    ['1,200', 120000],
    ['', null],
    ['  ', null],
  ])('"%s" is %s pence', (typed, pence) => {
    expect(penceOfTyped(typed)).toBe(pence)
  })

  it.each(['twelve', '-3', '12.505'])('"%s" is not an amount (NaN)', (typed) => {
    expect(penceOfTyped(typed)).toBeNaN()
  })

  it('shows pence as pounds, whole pounds without pence', () => {
    expect([penceToPounds(1250), penceToPounds(1200), penceToPounds(5)]).toEqual(['12.50', '12', '0.05'])
  })
})
