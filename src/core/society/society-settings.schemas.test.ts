import { describe, expect, it } from 'vitest'
import { paymentInstructions } from '../applications/payment-instructions.ts'
import { accentUsable } from './page-society.ts'
import { paymentReference } from '../applications/payments.ts'
import {
  contrastWithWhite,
  defaultSocietySettings,
  formatReference,
  readSocietySettings,
  senderName,
  societySettingsSchema,
  type SocietySettingsInput,
} from './society-settings.schemas.ts'

const valid: SocietySettingsInput = {
  name: 'Camford University Musical Theatre Society',
  shortName: 'CUMTS',
  supportEmail: 'committee@cumts.example',
  timeZone: 'Europe/London',
  accentColour: '#6A21D6',
  bank: {
    accountName: 'CUMTS',
    sortCode: '12-34-56',
    accountNumber: '12345678',
    referenceFormat: 'cumts-{ref}',
  },
}

/** The messages zod gives for the settings, by dotted path. */
function problems(input: SocietySettingsInput): Record<string, string> {
  const parsed = societySettingsSchema.safeParse(input)
  if (parsed.success) return {}
  return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))
}

const withBank = (bank: Partial<NonNullable<SocietySettingsInput['bank']>>) =>
  problems({ ...valid, bank: { ...valid.bank, ...bank } })

describe('society settings', () => {
  it('accepts a whole set and normalises colour and reference format', () => {
    const parsed = societySettingsSchema.parse(valid)
    expect(parsed.accentColour).toBe('#6a21d6')
    expect(parsed.bank.referenceFormat).toBe('CUMTS-{ref}')
    expect(parsed.logoUrl).toBe('')
  })

  it.each([
    ['12-34-56', undefined],
    ['123456', 'Give the sort code as 12-34-56.'],
    ['12-34-5', 'Give the sort code as 12-34-56.'],
    ['ab-cd-ef', 'Give the sort code as 12-34-56.'],
    ['12 34 56', 'Give the sort code as 12-34-56.'],
  ])('sort code %s', (sortCode, message) => {
    expect(withBank({ sortCode })['bank.sortCode']).toBe(message)
  })

  it.each([
    ['12345678', undefined],
    ['1234567', 'Give the account number as eight digits.'],
    ['123456789', 'Give the account number as eight digits.'],
    ['1234567a', 'Give the account number as eight digits.'],
  ])('account number %s', (accountNumber, message) => {
    expect(withBank({ accountNumber })['bank.accountNumber']).toBe(message)
  })

  it('takes the account whole or not at all', () => {
    expect(withBank({ accountName: '', sortCode: '', accountNumber: '' })).toEqual({})
    expect(Object.keys(withBank({ accountNumber: '' }))).toEqual(['bank.accountNumber'])
  })

  it.each([
    ['SD-{ref}', true],
    ['{ref}', true],
    ['TKT/{ref}', true],
    ['SD-', false],
    ['{ref}-{ref}', false],
    ['SD_{ref}', false],
    ['LONGPREFIX-{ref}', false],
  ])('reference format %s', (referenceFormat, ok) => {
    expect(withBank({ referenceFormat })['bank.referenceFormat'] === undefined).toBe(ok)
  })

  it('puts the code in the format, within the 18 characters banks carry', () => {
    expect(formatReference('CUMTS-{ref}', 'T0123456789')).toBe('CUMTS-T0123456789')
    expect(paymentReference('abcdef12-3456-7890-abcd-ef1234567890')).toBe('SD-ABCDEF12')
    expect(paymentReference('abcdef12-3456-7890-abcd-ef1234567890', 'CUMTS/{ref}')).toBe('CUMTS/ABCDEF12')
  })

  it.each([
    ['#6a21d6', true],
    ['#000000', true],
    ['#767676', true],
    ['#777777', false],
    ['#ffcc00', false],
    ['#ffffff', false],
  ])('accent %s readable under white text: %s', (accentColour, ok) => {
    expect(problems({ ...valid, accentColour }).accentColour === undefined).toBe(ok)
  })

  it('measures contrast as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5)
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5)
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5)
  })

  it('refuses a colour that is not a hex code', () => {
    expect(problems({ ...valid, accentColour: 'purple' }).accentColour).toBe(
      'Give the colour as a hex code such as #6a21d6.',
    )
  })

  it.each([
    ['Europe/London', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Europe/Atlantis', false],
    ['GMT+1', false],
    ['BST', false],
    ['', false],
  ])('time zone %s', (timeZone, ok) => {
    expect(problems({ ...valid, timeZone }).timeZone === undefined).toBe(ok)
  })

  it('takes a logo only as an https link', () => {
    expect(problems({ ...valid, logoUrl: 'https://cumts.example/logo.png' })).toEqual({})
    expect(problems({ ...valid, logoUrl: 'http://cumts.example/logo.png' }).logoUrl).toMatch(/https/)
    expect(problems({ ...valid, logoUrl: 'javascript:alert(1)' }).logoUrl).toMatch(/https/)
  })

  it('defaults to what the environment gave before settings existed', () => {
    const defaults = defaultSocietySettings({
      mailFrom: 'Camford Players <no-reply@camford.example>',
      supportEmail: 'help@camford.example',
      timeZone: 'Europe/Dublin',
    })
    expect(defaults).toMatchObject({
      name: 'Camford Players',
      shortName: 'Camford Players',
      supportEmail: 'help@camford.example',
      timeZone: 'Europe/Dublin',
    })
    expect(societySettingsSchema.parse(defaults)).toEqual(defaults)
    expect(senderName('no-reply@camford.example')).toBeNull()
    expect(senderName('"Stagedoor" <no-reply@stagedoor.test>')).toBe('Stagedoor')
  })

  it('reads stored settings field by field, keeping the default for a broken one', () => {
    const defaults = defaultSocietySettings({
      mailFrom: 'Stagedoor <a@b.test>',
      supportEmail: 'a@b.test',
      timeZone: 'UTC',
    })
    const read = readSocietySettings({ name: 'CUMTS', accentColour: '#ffffff' }, defaults)
    expect(read.name).toBe('CUMTS')
    expect(read.accentColour).toBe(defaults.accentColour)
  })
})

describe('payment instructions from the society’s bank details', () => {
  const society = { accountName: 'CUMTS', sortCode: '12-34-56', accountNumber: '12345678' }

  it('uses the society’s account over what an old event stored', () => {
    const old = {
      method: 'BANK_TRANSFER' as const,
      accountName: 'Old',
      sortCode: '99-99-99',
      accountNumber: '99999999',
      note: 'By Friday.',
    }
    const out = paymentInstructions(old, 'SD-1', society)
    expect(out.bank).toEqual(society)
    expect(out.note).toBe('By Friday.')
  })

  it('keeps an old event’s account while the society has none', () => {
    const old = { accountName: 'Old', sortCode: '99-99-99', accountNumber: '99999999' }
    expect(
      paymentInstructions(old, 'SD-1', { accountName: '', sortCode: '', accountNumber: '' }).bank,
    ).toEqual(old)
  })

  it('leaves the method to the event', () => {
    expect(paymentInstructions({ method: 'AT_THE_DOOR' }, 'SD-1', society).bank).toBeNull()
  })
})

describe('accentUsable', () => {
  it('takes a colour white text is readable on and refuses one it is not', () => {
    expect(accentUsable('#6a21d6')).toBe(true)
    expect(accentUsable('#767676')).toBe(true)
    expect(accentUsable('#777777')).toBe(false)
    expect(accentUsable('#FFD700')).toBe(false)
    expect(accentUsable('purple')).toBe(false)
  })
})
