import { builder } from '#server/graphql/builder.ts'
import { mySubscriptions, setMySubscription, type MySubscription } from './my-subscriptions.ts'

// A member's own lists on /profile (issue 15 §5–6).

const MySubscriptionRef = builder.objectRef<MySubscription>('MySubscription').implement({
  description: "A mailing list and whether the signed-in member's address is on it.",
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    subscribed: t.exposeBoolean('subscribed'),
  }),
})

builder.queryField('myMailingLists', (t) =>
  t.field({
    type: [MySubscriptionRef],
    description: 'The public lists (and any private one you are on) with your subscription to each.',
    resolve: (_r, _a, ctx) => mySubscriptions(ctx),
  }),
)

builder.mutationField('setMyMailingList', (t) =>
  t.field({
    type: [MySubscriptionRef],
    description: 'Subscribe your own (verified) address to a public list, or leave a list.',
    args: { slug: t.arg.string({ required: true }), subscribed: t.arg.boolean({ required: true }) },
    resolve: (_r, args, ctx) => setMySubscription(ctx, { slug: args.slug, subscribed: args.subscribed }),
  }),
)
