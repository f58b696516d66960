import { builder } from '#server/graphql/builder.ts'
import { BallotOutcomeEnum } from './ballot-outcome.ts'
import { TicketAudienceEnum, TicketModeEnum } from './ticket-sale-input.ts'
import type { TicketTypeView } from '../tickets.queries.ts'
import type { BallotRequestView } from '../ballot-requests.queries.ts'

export const BallotRequestRef = builder.objectRef<BallotRequestView>('BallotRequest').implement({
  description: 'A ballot request; outcome PENDING until the draw, then WON or WAITLIST in draw order.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    quantity: t.exposeInt('quantity'),
    groupName: t.exposeString('groupName', { nullable: true }),
    groupCode: t.exposeString('groupCode', { nullable: true, description: 'Share it: others join by it.' }),
    priority: t.exposeInt('priority', {
      description: '0: participants of the event (drawn first); 2: others.',
    }),
    outcome: t.expose('outcome', { type: BallotOutcomeEnum }),
    drawPosition: t.exposeInt('drawPosition', { nullable: true }),
    orderId: t.exposeID('orderId', { nullable: true }),
  }),
})

export const TicketTypeRef = builder.objectRef<TicketTypeView>('TicketType').implement({
  description: 'A kind of ticket of an event: price, quota, who may buy, first come or ballot.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    info: t.exposeString('info', { description: 'Shown on the ticket.' }),
    pricePence: t.exposeInt('pricePence'),
    quota: t.exposeInt('quota'),
    taken: t.exposeInt('taken'),
    left: t.exposeInt('left', { description: 'Of the quota and of the event capacity, whichever is less.' }),
    perPersonLimit: t.exposeInt('perPersonLimit'),
    audience: t.expose('audience', { type: TicketAudienceEnum }),
    mode: t.expose('mode', { type: TicketModeEnum }),
    onSale: t.exposeBoolean('onSale'),
    saleStartsAt: t.expose('saleStartsAt', { type: 'DateTime', nullable: true }),
    saleEndsAt: t.expose('saleEndsAt', { type: 'DateTime', nullable: true }),
    drawnAt: t.expose('drawnAt', { type: 'DateTime', nullable: true }),
    ballotSeed: t.exposeString('ballotSeed', {
      nullable: true,
      description: 'The recorded seed of the draw.',
    }),
    hidden: t.exposeBoolean('hidden', {
      description: 'Not in the shop unless a voucher code that unlocks it is given.',
    }),
    waitlistLength: t.exposeInt('waitlistLength'),
    myRequest: t.field({ type: BallotRequestRef, nullable: true, resolve: (v) => v.myRequest }),
    myTicketCount: t.exposeInt('myTicketCount', {
      description:
        'Tickets of this type the signed-in viewer has ordered, as the per-person limit counts them (0 signed out).',
    }),
    myWaitlistPosition: t.exposeInt('myWaitlistPosition', {
      nullable: true,
      description: 'The viewer’s place on this type’s waitlist (1: next), while they wait.',
    }),
  }),
})
