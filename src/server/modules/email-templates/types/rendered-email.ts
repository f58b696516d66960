import { builder } from '#server/graphql/builder.ts'

export const RenderedEmailRef = builder
  .objectRef<{ subject: string; text: string; html?: string | undefined }>('RenderedEmail')
  .implement({
    fields: (t) => ({
      subject: t.exposeString('subject'),
      text: t.exposeString('text'),
      html: t.string({ resolve: (r) => r.html ?? '' }),
    }),
  })
