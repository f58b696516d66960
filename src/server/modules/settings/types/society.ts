import type { PublicSocietySettings } from '#core/society/society-settings.schemas.ts'
import { builder } from '#server/graphql/builder.ts'

/** The public face of the society: anyone may read it (the home, page titles, the installed app). */
export const SocietyRef = builder.objectRef<PublicSocietySettings>('Society').implement({
  description: 'Who the society is, for every page: set by its admins at /admin/settings.',
  fields: (t) => ({
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName', { description: 'For page titles and the home screen.' }),
    logoUrl: t.string({
      nullable: true,
      description: 'An https link to the logo, or null for the Stagedoor mark.',
      resolve: (s) => s.logoUrl || null,
    }),
    accentColour: t.exposeString('accentColour', {
      description: 'A #rrggbb colour white text is readable on.',
    }),
    supportEmail: t.exposeString('supportEmail'),
  }),
})
