import { mailingListInputSchema } from '#core/mailing-lists/mailing-list.ts'
import { inputTypeFromZod } from '#server/graphql/zod-input.ts'

export const MailingListInputRef = inputTypeFromZod('MailingListInput', mailingListInputSchema, {
  description: 'A mailing list as staff write it; checked by the shared schema (VALIDATION per field).',
  descriptions: {
    slug: 'Lower-case words joined by hyphens: the admin page and widget address use it.',
    isPublic: 'Public lists are offered by the signup widget; private ones only by staff.',
    doubleOptIn: 'New addresses confirm by email before they receive anything (default on).',
    welcomeMessage: 'Markdown sent when an address is subscribed; empty for none.',
  },
})
