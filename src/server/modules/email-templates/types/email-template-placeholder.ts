import { builder } from '#server/graphql/builder.ts'

export const EmailTemplatePlaceholderRef = builder
  .objectRef<{ name: string; description: string }>('EmailTemplatePlaceholder')
  .implement({
    fields: (t) => ({ name: t.exposeString('name'), description: t.exposeString('description') }),
  })
