import { builder } from '#server/graphql/builder.ts'
import {
  pushPublicKey,
  pushSubscriptionActive,
  subscribeToPush,
  unsubscribeFromPush,
} from './push-subscriptions.ts'

builder.queryField('pushPublicKey', (t) =>
  t.string({
    nullable: true,
    description: 'The VAPID public key browsers subscribe to notifications with; null when push is off.',
    resolve: (_root, _args, ctx) => pushPublicKey(ctx),
  }),
)

builder.queryField('pushSubscriptionActive', (t) =>
  t.boolean({
    description: "Whether this browser's push endpoint sends the signed-in member's notifications.",
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_root, { endpoint }, ctx) => pushSubscriptionActive(ctx, endpoint),
  }),
)

const PushSubscriptionInput = builder.inputType('PushSubscriptionInput', {
  description: "A browser's push subscription (PushSubscription.toJSON(): endpoint and keys).",
  fields: (t) => ({
    endpoint: t.string({ required: true }),
    p256dh: t.string({ required: true }),
    auth: t.string({ required: true }),
  }),
})

builder.mutationField('subscribeToPush', (t) =>
  t.boolean({
    description: "Send the signed-in member's notifications to this browser too.",
    args: { input: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: (_root, { input }, ctx) => subscribeToPush(ctx, input),
  }),
)

builder.mutationField('unsubscribeFromPush', (t) =>
  t.boolean({
    description: 'Stop sending notifications to this browser; false when it was not subscribed.',
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_root, { endpoint }, ctx) => unsubscribeFromPush(ctx, endpoint),
  }),
)
