import { builder } from '#server/graphql/builder.ts'
import { listEmailTemplates, templatePlaceholders } from './email-templates.queries.ts'
import { previewEmailTemplate } from './preview-email-template.ts'
import { resetEmailTemplate } from './reset-email-template.ts'
import { EmailTemplatePlaceholderRef } from './types/email-template-placeholder.ts'
import { EmailTemplateRef } from './types/email-template.ts'
import { EmailTemplateKeyEnum } from './types/email-template-key.ts'
import { RenderedEmailRef } from './types/rendered-email.ts'
import { updateEmailTemplate } from './update-email-template.ts'

builder.queryFields((t) => ({
  emailTemplates: t.field({
    type: [EmailTemplateRef],
    description: 'The application emails staff can edit (admins).',
    resolve: (_root, _args, ctx) => listEmailTemplates(ctx),
  }),
  emailTemplatePlaceholders: t.field({
    type: [EmailTemplatePlaceholderRef],
    description: 'What an email template may use, each as {{name}}.',
    resolve: (_root, _args, ctx) => templatePlaceholders(ctx),
  }),
  previewEmailTemplate: t.field({
    type: RenderedEmailRef,
    description: 'Render a template (saved or not) with sample values.',
    args: {
      key: t.arg({ type: EmailTemplateKeyEnum, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => previewEmailTemplate(ctx, args),
  }),
}))

builder.mutationFields((t) => ({
  updateEmailTemplate: t.field({
    type: EmailTemplateRef,
    args: {
      key: t.arg({ type: EmailTemplateKeyEnum, required: true }),
      subject: t.arg.string({ required: true }),
      body: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => updateEmailTemplate(ctx, args),
  }),
  resetEmailTemplate: t.field({
    type: EmailTemplateRef,
    args: { key: t.arg({ type: EmailTemplateKeyEnum, required: true }) },
    resolve: (_root, args, ctx) => resetEmailTemplate(ctx, args),
  }),
}))
