import { byEnumName } from '#core/closed-set.ts'
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions.ts'

/**
 * What an audit entry says in words, for the admin dashboard's recent activity and a member's
 * record: "Sam Lee submitted an application", never `application.submit`. One sentence tail per
 * action the server writes (the compiler refuses a listed action without one).
 */
const SENTENCES: Record<AuditAction, string> = {
  'announcement.publish': 'published an announcement',
  'application.submit': 'submitted an application',
  'application.update': 'updated an application',
  'application.review': 'reviewed an application',
  'application.add-late': 'added a late application',
  'application.assign-part': 'assigned a part',
  'application.offer': 'offered a place',
  'application.waitlist': 'put an application on the waiting list',
  'application.reject': 'turned down an application',
  'application.accept': 'accepted an offer',
  'application.decline': 'declined an offer',
  'application.expire': 'let an offer expire',
  'application.markPaid': 'marked an application paid',
  'application.withdraw': 'withdrew an application',
  'application.cancel': 'cancelled a place',
  'attendance.mark': 'marked attendance',
  'email-template.reset': 'reset an email template',
  'email-template.update': 'edited an email template',
  'event.archive': 'archived an event',
  'event.unarchive': 'brought back an archived event',
  'event.create': 'created an event',
  'event.update': 'edited an event',
  'event.releases': 'changed what participants can see',
  'event.reveal.now': 'revealed a show',
  'event.reveal.schedule': 'scheduled a show reveal',
  'event.attachment.add': 'added a file to an event',
  'event.attachment.remove': 'removed a file from an event',
  'event.visibility.draft': 'made an event a draft',
  'event.visibility.members': 'published an event to members',
  'event.visibility.public': 'published an event to everyone',
  'file.upload': 'uploaded a file',
  'job.retry': 'retried a background job',
  'learningTrack.add': 'added a learning track',
  'learningTrack.replace': 'replaced a learning track',
  'learningTrack.remove': 'removed a learning track',
  'mailingList.addEventParticipants': "added an event's participants to a mailing list",
  'mailingList.addSubscriber': 'added a subscriber',
  'mailingList.bounce': 'recorded a bounced email',
  'mailingList.cancelSend': 'cancelled a scheduled mailing',
  'mailingList.confirm': 'confirmed a subscription',
  'mailingList.create': 'created a mailing list',
  'mailingList.deleteTemplate': 'deleted a mailing template',
  'mailingList.erase': 'erased an address from the mailing lists',
  'mailingList.import': 'imported subscribers',
  'mailingList.saveTemplate': 'saved a mailing template',
  'mailingList.send': 'sent a mailing',
  'mailingList.unsubscribe': 'unsubscribed someone',
  'mailingList.update': 'edited a mailing list',
  'mailingList.subscriber.subscribe': 'subscribed to a mailing list',
  'mailingList.subscriber.unsubscribe': 'unsubscribed from a mailing list',
  'needToKnow.view': 'viewed dietary, access and emergency details',
  'needToKnow.forbidden': 'was refused dietary, access and emergency details',
  'operations.chase': 'chased outstanding payments',
  'operations.message': 'messaged participants',
  'outbox.retry': 'retried an email',
  'partBreakdown.cell': 'edited a note in the part breakdown',
  'partBreakdown.import': 'imported the part breakdown',
  'partBreakdown.numbers': "changed the part breakdown's numbers",
  'payment.record': 'recorded a payment',
  'payment.refund': 'recorded a refund',
  'payment.card.start': 'started a card payment',
  'payment.card.unmatched':
    'took a card payment that did not fit the ledger (refund it or record it by hand)',
  'profile.photo': 'changed a profile photo',
  'profile.photo.remove': 'removed a profile photo',
  'profile.push-preferences': 'changed notification settings',
  'profile.socialListOptIn': 'changed a social list choice',
  'profile.staff-edit': "edited a member's record",
  'profile.update': 'updated a profile',
  'society.settings.update': "changed the society's settings",
  'society.gettingStarted.mark': 'ticked off a getting-started step',
  'society.gettingStarted.dismiss': 'put away the getting-started checklist',
  'tickets.assignSeat': 'assigned a seat',
  'tickets.autoSeatTables': 'seated tables automatically',
  'tickets.ballotDraw': 'drew the ticket ballot',
  'tickets.ballotRequest': 'entered a ticket ballot',
  'tickets.cancel': 'cancelled tickets',
  'tickets.cardPaid': 'paid for a ticket order by card',
  'tickets.orderCancelled': 'cancelled a whole ticket order',
  'tickets.checkIn': 'checked in a ticket',
  'tickets.closeTypeSale': 'closed sales of a ticket type',
  'tickets.confirm': 'confirmed a ticket order',
  'tickets.doorPayment': 'took payment at the door and let a ticket in',
  'tickets.boxOfficeSale': 'sold tickets at the box office',
  'tickets.ballotOfferLapsed': 'let a ballot offer lapse unpaid',
  'tickets.emailLinkLapsed': 'let an unconfirmed emailed order lapse',
  'tickets.holdReleased': 'let held tickets go when the hold ran out',
  'tickets.awaitEmail': 'placed a ticket order that waits for its emailed link',
  'tickets.confirmByEmail': 'confirmed a ticket order from its emailed link',
  'tickets.hold': 'held tickets',
  'tickets.holdReplaced': 'let an earlier hold go for a new basket',
  'tickets.holdCancelled': 'released held tickets',
  'tickets.payment': 'recorded a ticket payment',
  'tickets.purchase': 'ordered tickets',
  'tickets.refund': 'recorded a ticket refund',
  'tickets.removeType': 'removed a ticket type',
  'tickets.setSeating': 'changed the seating',
  'tickets.setUpSale': 'set up ticket sales',
  'tickets.transfer': 'transferred tickets',
  'tickets.updateType': 'edited a ticket type',
  'tickets.voucherCreated': 'created a ticket voucher code',
  'tickets.voucherDisabled': 'disabled a ticket voucher code',
  'tickets.waitlist': 'joined a ticket waiting list',
  'user.delete': 'deleted an account',
  'user.role.grant': 'granted a role',
  'user.role.renew': 'renewed a role',
  'user.role.revoke': 'took away a role',
  'user.role.lapse': "ended a role at its term's end",
  'user.role.lapse-refused': 'kept the last society admin past their term',
}

/** Stored action words by GraphQL enum name (`TICKETS_HOLD` → `tickets.hold`). */
const BY_NAME = byEnumName(AUDIT_ACTIONS)

/** `mailingList.addSubscriber` → "mailing list: add subscriber", for a word outside the list. */
function wordsOf(action: string): string {
  const parts = action.split('.').map((part) =>
    part
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[-_]/g, ' ')
      .toLowerCase(),
  )
  return parts.length > 1 ? `${parts[0]}: ${parts.slice(1).join(' ')}` : (parts[0] ?? '')
}

/**
 * The sentence tail for an audit action, given as its GraphQL enum name (what the client is sent,
 * `APPLICATION_SUBMIT`) or its stored word (`application.submit`): "submitted an application".
 */
export function activityWording(action: string): string {
  const known = BY_NAME.get(action) ?? AUDIT_ACTIONS.find((a) => a === action)
  return known ? SENTENCES[known] : wordsOf(action)
}

/** "submitted an application" → "Submitted an application", for a line that stands alone. */
export function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
