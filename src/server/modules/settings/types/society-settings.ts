import type { SocietySettings } from '#core/society/society-settings.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

/** The whole settings record, bank details included: for the admins who edit it. */
export const SocietySettingsRef = builder.objectRef<SocietySettings>('SocietySettings').implement({
  description: 'Everything at /admin/settings (superAdmins).',
  fields: (t) => ({
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName'),
    logoUrl: t.exposeString('logoUrl', { description: 'An https link to the logo; empty for none.' }),
    accentColour: t.exposeString('accentColour'),
    supportEmail: t.exposeString('supportEmail'),
    timeZone: t.exposeString('timeZone', { description: 'An IANA time zone, such as Europe/London.' }),
    accountName: t.string({ resolve: (s) => s.bank.accountName }),
    sortCode: t.string({ resolve: (s) => s.bank.sortCode }),
    accountNumber: t.string({ resolve: (s) => s.bank.accountNumber }),
    referenceFormat: t.string({
      description: 'The reference payers quote, with {ref} where each payment’s own code goes.',
      resolve: (s) => s.bank.referenceFormat,
    }),
  }),
})
