import { builder } from '#server/graphql/builder.ts'
import { addEventParticipantsToList } from './add-event-participants.ts'
import { addSubscriber } from './add-subscriber.ts'
import { importSubscribers } from './import-subscribers.ts'
import { markSubscriberBounced } from './mark-bounced.ts'
import {
  exportSubscribersCsv,
  getMailingList,
  listMailingLists,
  listMessages,
  listSubscribers,
} from './mailing-lists.queries.ts'
import { createMailingList, updateMailingList } from './save-mailing-list.ts'
import {
  cancelListMessage,
  previewListMessage,
  sendListMessage,
  sendTestListMessage,
} from './send-list-message.ts'
import { deleteMessageTemplate, listMessageTemplates, saveMessageTemplate } from './message-templates.ts'
import { MessageTemplateRef } from './types/message-template.ts'
import { AddParticipantsResultRef } from './types/add-participants-result.ts'
import { ImportPlanRef } from './types/import-plan.ts'
import { ListMessageRef } from './types/list-message.ts'
import { MailingListInputRef } from './types/mailing-list-input.ts'
import { MailingListRef } from './types/mailing-list.ts'
import { SubscriberStatusEnum } from './types/subscriber-status.ts'
import { SubscriberPageRef, SubscriberRef } from './types/subscriber.ts'
import { eraseMailingListSubscriber } from './erase-subscriber.ts'

// Mailing lists (decision 0023): admin side. The widget and the email links are REST
// (mailing-lists.routes.ts). Every field needs admin.mailingLists.

builder.queryFields((t) => ({
  mailingLists: t.field({ type: [MailingListRef], resolve: (_r, _a, ctx) => listMailingLists(ctx) }),
  mailingListTemplates: t.field({
    type: [MessageTemplateRef],
    description: 'Messages saved to reuse, by name.',
    resolve: (_r, _a, ctx) => listMessageTemplates(ctx),
  }),
  mailingList: t.field({
    type: MailingListRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => getMailingList(ctx, args.slug),
  }),
  mailingListSubscribers: t.field({
    type: SubscriberPageRef,
    args: {
      slug: t.arg.string({ required: true }),
      search: t.arg.string(),
      status: t.arg({ type: SubscriberStatusEnum }),
      offset: t.arg.int(),
      limit: t.arg.int(),
    },
    resolve: (_r, args, ctx) => listSubscribers(ctx, args),
  }),
  mailingListMessages: t.field({
    type: [ListMessageRef],
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => listMessages(ctx, args.slug),
  }),
  mailingListExport: t.string({
    description:
      'Every subscriber of the list as CSV (email, name, status, source, created_at, confirmed_at).',
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => exportSubscribersCsv(ctx, args.slug),
  }),
  mailingListPreview: t.string({
    description: 'Markdown rendered as the email will show it (sanitised HTML).',
    args: { markdown: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => previewListMessage(ctx, args.markdown),
  }),
}))

builder.mutationFields((t) => ({
  createMailingList: t.field({
    type: MailingListRef,
    args: { input: t.arg({ type: MailingListInputRef, required: true }) },
    resolve: (_r, args, ctx) => createMailingList(ctx, args.input),
  }),
  updateMailingList: t.field({
    type: MailingListRef,
    args: {
      slug: t.arg.string({ required: true }),
      input: t.arg({ type: MailingListInputRef, required: true }),
    },
    resolve: (_r, args, ctx) => updateMailingList(ctx, args.slug, args.input),
  }),
  addMailingListSubscriber: t.field({
    type: SubscriberRef,
    args: {
      slug: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      name: t.arg.string(),
    },
    resolve: (_r, args, ctx) => addSubscriber(ctx, args.slug, { email: args.email, name: args.name ?? '' }),
  }),
  importMailingListSubscribers: t.field({
    type: ImportPlanRef,
    description:
      'Import a CSV (a header row with at least `email`). dryRun: say what would change, write nothing.',
    args: {
      slug: t.arg.string({ required: true }),
      csv: t.arg.string({ required: true }),
      dryRun: t.arg.boolean({ required: true }),
    },
    resolve: (_r, args, ctx) => importSubscribers(ctx, args),
  }),
  sendMailingListMessage: t.field({
    type: ListMessageRef,
    description:
      'Send a message to a list and any others in alsoTo, each subscribed address once; with sendAt it waits until then (scheduled, cancellable).',
    args: {
      slug: t.arg.string({ required: true }),
      subject: t.arg.string({ required: true }),
      markdown: t.arg.string({ required: true }),
      alsoTo: t.arg.stringList({ required: false, description: 'Slugs of the other lists it also goes to.' }),
      sendAt: t.arg({ type: 'DateTime', required: false, description: 'When to send it; empty: now.' }),
    },
    resolve: (_r, args, ctx) => sendListMessage(ctx, args.slug, args),
  }),
  cancelMailingListMessage: t.field({
    type: ListMessageRef,
    description: 'Cancel a scheduled message before it goes (CONFLICT once it has started).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => cancelListMessage(ctx, String(args.id)),
  }),
  saveMailingListTemplate: t.field({
    type: MessageTemplateRef,
    description: 'Save a message to reuse; a template of the same name (any case) is replaced.',
    args: {
      name: t.arg.string({ required: true }),
      subject: t.arg.string({ required: true }),
      markdown: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) => saveMessageTemplate(ctx, args),
  }),
  deleteMailingListTemplate: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => deleteMessageTemplate(ctx, String(args.id)),
  }),
  sendMailingListTest: t.string({
    description: 'Send the message to yourself only; returns the address it went to.',
    args: {
      slug: t.arg.string({ required: true }),
      subject: t.arg.string({ required: true }),
      markdown: t.arg.string({ required: true }),
    },
    resolve: (_r, args, ctx) => sendTestListMessage(ctx, args.slug, args),
  }),
  addEventParticipantsToList: t.field({
    type: AddParticipantsResultRef,
    description:
      'Subscribe an event’s CONFIRMED and PAID participants; idempotent, never re-subscribes anyone already on the list.',
    args: { slug: t.arg.string({ required: true }), eventSlug: t.arg.string({ required: true }) },
    resolve: (_r, args, ctx) => addEventParticipantsToList(ctx, args),
  }),
  eraseMailingListSubscriber: t.int({
    description:
      'Erase an address from every mailing list for a GDPR request (its rows, opt-in links, unsent list mail, and the address in their history); answers how many lists it was on.',
    args: { slug: t.arg.string({ required: true }), subscriberId: t.arg.id({ required: true }) },
    resolve: async (_r, args, ctx) =>
      (await eraseMailingListSubscriber(ctx, args.slug, String(args.subscriberId))).lists,
  }),
  markMailingListSubscriberBounced: t.field({
    type: SubscriberRef,
    description: 'Mark an address bounced (on every list it receives): it is skipped by every send.',
    args: { slug: t.arg.string({ required: true }), subscriberId: t.arg.id({ required: true }) },
    resolve: (_r, args, ctx) => markSubscriberBounced(ctx, args.slug, String(args.subscriberId)),
  }),
}))
