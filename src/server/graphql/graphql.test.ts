import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, gql, type TestApp } from '#server/testing/test-app.ts'
import { createUser, type TestUser } from '#server/testing/factories.ts'
import { recordAudit } from '#server/audit/audit.service.ts'
import { countQueries } from '#server/testing/test-db.ts'
import { printedSchema, schema } from './schema.ts'
import { MAX_INTROSPECTION_DEPTH, MAX_QUERY_DEPTH } from './limits.ts'

let t: TestApp
let superAdmin: TestUser
let member: TestUser

beforeAll(async () => {
  t = await createTestApp({}, { startJobs: false })
  superAdmin = await createUser(t.app, { roles: ['superAdmin'], name: 'Sam Super' })
  member = await createUser(t.app, { name: 'Mo Member' })
})
afterAll(() => t.close())

describe('GraphQL endpoint', () => {
  it('answers currentUser for anonymous, member and superAdmin callers', async () => {
    const q = 'query Me { currentUser { id email name roles } }'
    expect((await gql(t.app, q)).body.data).toEqual({ currentUser: null })
    const asMember = await gql<{ currentUser: { id: string; roles: string[] } }>(t.app, q, {
      token: member.token,
    })
    expect(asMember.body.data?.currentUser).toMatchObject({ id: member.id, roles: [] })
    const asAdmin = await gql<{ currentUser: { roles: string[]; name: string } }>(t.app, q, {
      token: superAdmin.token,
    })
    expect(asAdmin.body.data?.currentUser).toMatchObject({ name: 'Sam Super', roles: ['superAdmin'] })
  })

  it('refuses malformed JSON with 400 BAD_REQUEST and keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].extensions.code).toBe('BAD_REQUEST')
    expect(res.json().errors[0].message).toMatch(/not valid JSON/)
    expect((await gql(t.app, '{ currentUser { id } }')).status).toBe(200)
  })

  it('refuses a wrong content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'text/plain' },
      payload: '{ currentUser { id } }',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('refuses an unknown operation name with 400', async () => {
    const res = await gql(t.app, 'query A { currentUser { id } }', { operationName: 'B' })
    expect(res.status).toBe(400)
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(res.body.errors?.[0]?.message).toContain('Unknown operation named "B"')
  })

  it('refuses a syntax error and an unknown field with 400', async () => {
    const syntax = await gql(t.app, '{ currentUser { id }')
    expect(syntax.status).toBe(400)
    expect(syntax.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    const unknown = await gql(t.app, '{ currentUser { shoeSize } }')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors?.[0]?.message).toContain('shoeSize')
  })

  it('refuses a query deeper than the depth limit', async () => {
    // Nest __type.ofType to go past the limit without needing a deep domain schema: beside a domain
    // field the limit is MAX_QUERY_DEPTH, alone the (larger) introspection one.
    let selection = 'name'
    for (let i = 0; i < MAX_QUERY_DEPTH + 2; i++) selection = `ofType { ${selection} }`
    const res = await gql(t.app, `{ currentUser { id } __type(name: "User") { ${selection} } }`)
    expect(res.status).toBe(400)
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST')
    expect(res.body.errors?.[0]?.message).toMatch(/depth/)
    for (let i = MAX_QUERY_DEPTH + 2; i < MAX_INTROSPECTION_DEPTH; i++) selection = `ofType { ${selection} }`
    const alone = await gql(t.app, `{ __type(name: "User") { ${selection} } }`)
    expect(alone.status).toBe(400)
    expect(alone.body.errors?.[0]?.message).toMatch(/depth/)
  })

  it('refuses a query over the cost limit', async () => {
    // 13 × (1 + 100 × 4) = 5,213: over the cost limit, within the alias and root-field limits.
    const aliases = Array.from(
      { length: 13 },
      (_, i) => `o${i}: outbox(limit: 100) { id to subject text }`,
    ).join('\n')
    const res = await gql(t.app, `{ ${aliases} }`, { token: superAdmin.token })
    expect(res.status).toBe(400)
    expect(res.body.errors?.[0]?.message).toMatch(/too expensive/)
  })

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: `{ currentUser { id } } # ${'x'.repeat(t.config.bodyLimitBytes)}` }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('refuses a forged bearer token with 401 UNAUTHENTICATED', async () => {
    const [header, , signature] = member.token.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: superAdmin.id, aud: t.config.appUrl })).toString(
      'base64url',
    )
    const res = await gql(t.app, '{ currentUser { id } }', {
      token: `${header}.${forgedPayload}.${signature}`,
    })
    expect(res.status).toBe(401)
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED')
  })

  it('masks unexpected errors as INTERNAL', async () => {
    const original = t.app.services.mailer.list
    t.app.services.mailer.list = () => Promise.reject(new Error('secret database detail'))
    try {
      const res = await gql(t.app, '{ outbox { id } }', { token: superAdmin.token })
      expect(res.status).toBe(200)
      expect(res.body.errors?.[0]?.extensions?.code).toBe('INTERNAL')
      expect(JSON.stringify(res.body)).not.toContain('secret database detail')
    } finally {
      t.app.services.mailer.list = original
    }
  })

  // Every root field of the schema is in exactly one of these lists, so a new resolver cannot
  // arrive without a decision on who may call it (the test below fails until it is listed).
  // Participant pages answer NOT_FOUND (never UNAUTHENTICATED) to anyone the navigation rules would
  // not show them to, anonymous callers included; ticket-sales and refund pages are public.
  const PUBLIC_FIELDS = [
    'currentUser',
    'setupPending',
    'setupLink',
    'society',
    'events',
    'event',
    'listings',
    'participantInfoPack',
    'venueAccess',
    'castList',
    'partBreakdown',
    'socialLinks',
    'ticketSalesInfo',
    'cancellationsInfo',
    'socialList',
    // Tickets (0022): the shop and checkout are for visitors too; myTickets is empty when signed out;
    // a ticket's secret code is its own key.
    'ticketShop',
    'myTickets',
    'ticketByCode',
    // An order's page is reached by its secret token (0048).
    'ticketOrder',
    'ticketOrderCardPayment',
    'startTicketCardCheckout',
    // A held order is reached by its claim token; transfer and cancel by the ticket's secret code.
    'heldTicketOrder',
    'holdTickets',
    'confirmTicketOrder',
    'releaseHeldTicketOrder',
    // An order placed without sign-in is reached by the secret of the link emailed to it (0035).
    'emailedTicketOrder',
    'confirmEmailedTicketOrder',
    'transferTicket',
    'cancelTicket',
    // A voucher code is checked in the shop's basket by visitors too (0049).
    'checkTicketVoucher',
  ]
  const MEMBER_OPERATIONS: Record<string, string> = {
    myApplications: '{ myApplications { id } }',
    learningTracks: '{ learningTracks(eventSlug: "nope") { eventId } }',
    application: '{ application(id: "00000000-0000-0000-0000-000000000000") { id } }',
    applicationForm: '{ applicationForm(eventSlug: "nope", type: "singer") { label } }',
    diversitySurvey: '{ diversitySurvey(eventSlug: "nope") { questions { key } } }',
    saveApplicationDraft: 'mutation { saveApplicationDraft(eventSlug: "nope", type: "singer", data: {}) }',
    submitApplication:
      'mutation { submitApplication(eventSlug: "nope", type: "singer", profile: {}, answers: {}) { id } }',
    updateApplicationAnswers:
      'mutation { updateApplicationAnswers(id: "00000000-0000-0000-0000-000000000000", expectedVersion: 1, profile: {}, answers: {}) { id } }',
    withdrawApplication:
      'mutation { withdrawApplication(id: "00000000-0000-0000-0000-000000000000") { id } }',
    acceptOffer: 'mutation { acceptOffer(id: "00000000-0000-0000-0000-000000000000") { id } }',
    declineOffer: 'mutation { declineOffer(id: "00000000-0000-0000-0000-000000000000") { id } }',
    submitDiversitySurvey:
      'mutation { submitDiversitySurvey(applicationId: "00000000-0000-0000-0000-000000000000", answers: {}) { id } }',
    myCalendarFeed: '{ myCalendarFeed }',
    renewCalendarFeed: 'mutation { renewCalendarFeed }',
    pushPublicKey: '{ pushPublicKey }',
    pushSubscriptionActive: '{ pushSubscriptionActive(endpoint: "https://push.example/x") }',
    subscribeToPush:
      'mutation { subscribeToPush(input: { endpoint: "https://push.example/x", p256dh: "a", auth: "b" }) }',
    unsubscribeFromPush: 'mutation { unsubscribeFromPush(endpoint: "https://push.example/x") }',
    setSocialListOptIn: 'mutation { setSocialListOptIn(optIn: false) }',
    requestBallotTickets:
      'mutation { requestBallotTickets(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000", quantity: 1) { id } }',
    joinTicketWaitlist:
      'mutation { joinTicketWaitlist(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000", quantity: 1) }',
    myProfile: '{ myProfile { id } }',
    removeProfilePhoto: 'mutation { removeProfilePhoto { id } }',
    updateMyProfile:
      'mutation { updateMyProfile(input: { preferredName: "Access Check", pronouns: "", phone: "", emergencyContact: null, voicePart: "", instruments: [], dietaryRequirements: "", accessNeeds: "", bio: "", socialListOptIn: false, emailPreferences: { eventAnnouncements: true, reminders: true } }) { id } }',
    updatePushPreferences:
      'mutation { updatePushPreferences(input: { offers: true, releases: true, showReveals: true, ticketOffers: true }) { id } }',
    myMailingLists: '{ myMailingLists { slug } }',
    cardCheckout: '{ cardCheckout(id: "cs_test_nope") { id } }',
    cardPaymentsEnabled: '{ cardPaymentsEnabled }',
    startCardCheckout:
      'mutation { startCardCheckout(applicationId: "00000000-0000-0000-0000-000000000000", lineKeys: ["fee"]) { url } }',
    setMyMailingList: 'mutation { setMyMailingList(slug: "nope", subscribed: true) { slug } }',
  }
  // Deleting one's account needs the typed email: a member without it is refused with VALIDATION.
  const CONFIRMED_OPERATIONS: Record<string, string> = {
    deleteMyAccount: 'mutation { deleteMyAccount(confirmEmail: "not-mine@example.org") }',
  }
  // The one-time first-run setup (decision 0020): any signed-in person, only while nobody is superAdmin.
  const SETUP_OPERATIONS: Record<string, string> = {
    claimFirstAdmin: 'mutation { claimFirstAdmin(token: "forged") { id } }',
  }
  // A well-typed event input whose slug the shared schema refuses: nothing is created.
  const EVENT_INPUT =
    '{ slug: "x", type: CONCERT, title: "Access check", startDate: "2999-01-01T00:00:00Z", endDate: "2999-01-01T01:00:00Z" }'
  const ADMIN_OPERATIONS: Record<string, string> = {
    gettingStarted: '{ gettingStarted { complete } }',
    markGettingStartedDone: 'mutation { markGettingStartedDone(item: WIDGET) { complete } }',
    dismissGettingStarted: 'mutation { dismissGettingStarted { complete } }',
    sandboxSidebar:
      '{ sandboxSidebar(eventSlug: "nope", applicationType: "singer", status: CONFIRMED) { key } }',
    eventAttachments: '{ eventAttachments(eventSlug: "nope") { id } }',
    setEventNumbers: 'mutation { setEventNumbers(eventSlug: "nope", numbers: []) { eventSlug } }',
    setPartBreakdownCell:
      'mutation { setPartBreakdownCell(eventSlug: "nope", numberId: "x", part: "Soprano", note: "solo") { eventSlug } }',
    importPartBreakdownCsv:
      'mutation { importPartBreakdownCsv(eventSlug: "nope", csv: "number,title") { eventSlug } }',
    addEventAttachment:
      'mutation { addEventAttachment(eventSlug: "nope", title: "Schedule", fileKey: "uploads/document/x.pdf") { id } }',
    removeEventAttachment: 'mutation { removeEventAttachment(id: "00000000-0000-0000-0000-000000000000") }',
    outbox: '{ outbox { id } }',
    jobs: '{ jobs { id } }',
    auditLog: '{ auditLog { id } }',
    adminDashboard: '{ adminDashboard { recentActivityCount } }',
    grantRole: 'mutation { grantRole(userId: "x", role: sitrMD) { id } }',
    revokeRole: 'mutation { revokeRole(userId: "x", role: sitrMD) { id } }',
    committee: '{ committee { role } }',
    inactiveProfiles: '{ inactiveProfiles { id } }',
    retentionYears: '{ retentionYears }',
    societySettings: '{ societySettings { name } }',
    // An empty input: the superAdmin gets VALIDATION, nothing is saved.
    updateSocietySettings: 'mutation { updateSocietySettings(input: {}) { name } }',
    grantCommitteeRole: 'mutation { grantCommitteeRole(email: "nobody@x.test", role: sitrMD) { id } }',
    handOverRole: 'mutation { handOverRole(role: sitrMD, fromUserId: "x", toEmail: "nobody@x.test") { id } }',
    publishAnnouncement: 'mutation { publishAnnouncement(message: "hi") { id } }',
    adminEvents: '{ adminEvents { id } }',
    adminEvent: '{ adminEvent(slug: "nope") { id } }',
    showReveals: '{ showReveals { id } }',
    diversityReport: '{ diversityReport(eventSlug: "nope") { total } }',
    createEvent: `mutation { createEvent(input: ${EVENT_INPUT}) { id } }`,
    updateEvent: `mutation { updateEvent(id: "00000000-0000-0000-0000-000000000000", input: ${EVENT_INPUT}) { id } }`,
    publishEvent: 'mutation { publishEvent(id: "00000000-0000-0000-0000-000000000000") { id } }',
    unpublishEvent: 'mutation { unpublishEvent(id: "00000000-0000-0000-0000-000000000000") { id } }',
    archiveEvent: 'mutation { archiveEvent(id: "00000000-0000-0000-0000-000000000000") { id } }',
    unarchiveEvent: 'mutation { unarchiveEvent(id: "00000000-0000-0000-0000-000000000000") { id } }',
    duplicateEvent:
      'mutation { duplicateEvent(id: "00000000-0000-0000-0000-000000000000", slug: "x-copy") { id } }',
    setEventReleases:
      'mutation { setEventReleases(id: "00000000-0000-0000-0000-000000000000", releaseCastList: true) { id } }',
    scheduleShowReveal:
      'mutation { scheduleShowReveal(id: "00000000-0000-0000-0000-000000000000", revealAt: "2999-01-01T00:00:00Z") { id } }',
    revealShowNow: 'mutation { revealShowNow(id: "00000000-0000-0000-0000-000000000000") { id } }',
    castingEvents: '{ castingEvents { id } }',
    castingApplications: '{ castingApplications(eventSlug: "nope") { totalCount } }',
    castingApplication: '{ castingApplication(eventSlug: "nope", slug: "x") { id } }',
    castingNeighbours: '{ castingNeighbours(eventSlug: "nope", slug: "x") { next } }',
    saveReview:
      'mutation { saveReview(applicationId: "00000000-0000-0000-0000-000000000000", score: 3) { score } }',
    assignPart:
      'mutation { assignPart(applicationId: "00000000-0000-0000-0000-000000000000", part: null, expectedVersion: 1) { id } }',
    addLearningTrack:
      'mutation { addLearningTrack(eventSlug: "nope", numberId: "00000000-0000-0000-0000-000000000000", fileKey: "x") { id } }',
    removeLearningTrack: 'mutation { removeLearningTrack(id: "00000000-0000-0000-0000-000000000000") }',
    acceptanceEvents: '{ acceptanceEvents { id } }',
    acceptanceOverview: '{ acceptanceOverview(eventSlug: "nope") { eventId } }',
    acceptanceApplication: '{ acceptanceApplication(id: "00000000-0000-0000-0000-000000000000") { id } }',
    previewDecisions:
      '{ previewDecisions(eventSlug: "nope", applicationIds: [], action: OFFER) { applicationId } }',
    emailTemplates: '{ emailTemplates { key } }',
    emailTemplatePlaceholders: '{ emailTemplatePlaceholders { name } }',
    previewEmailTemplate:
      '{ previewEmailTemplate(key: APPLICATION_OFFERED, subject: "Hi", body: "Hi {{name}}") { subject } }',
    decideApplications:
      'mutation { decideApplications(eventSlug: "nope", applicationIds: [], action: OFFER) { id } }',
    promoteFromWaitlist: 'mutation { promoteFromWaitlist(eventSlug: "nope", type: "singer") { id } }',
    addLateApplication:
      'mutation { addLateApplication(eventSlug: "nope", userEmail: "nobody@stagedoor.test", type: "singer") { id } }',
    updateEmailTemplate:
      'mutation { updateEmailTemplate(key: APPLICATION_OFFERED, subject: "Hi", body: "{{nope}}") { key } }',
    resetEmailTemplate: 'mutation { resetEmailTemplate(key: APPLICATION_OFFERED) { key } }',
    refundCardPayment:
      'mutation { refundCardPayment(paymentId: "00000000-0000-0000-0000-000000000000", amountPence: 100) { id } }',
    refundTicketOrderByCard:
      'mutation { refundTicketOrderByCard(orderId: "00000000-0000-0000-0000-000000000000", amountPence: 100, cancelOrder: false) { id } }',
    recordPayment:
      'mutation { recordPayment(applicationId: "00000000-0000-0000-0000-000000000000", lineKey: "fee", amountPence: 100, method: CASH) { id } }',
    recordPayments:
      'mutation { recordPayments(applicationId: "00000000-0000-0000-0000-000000000000", entries: [{ lineKey: "fee", amountPence: 100, method: CASH }]) { id } }',
    operationsOverview: '{ operationsOverview(eventSlug: "nope") { eventSlug } }',
    operationsCsv: '{ operationsCsv(eventSlug: "nope", tab: participants) }',
    moneyInRange: '{ moneyInRange(from: "2026-01-01", to: "2026-01-31") { netPence } }',
    payoutsCsv: '{ payoutsCsv(from: "2026-01-01", to: "2026-01-31") }',
    moneyReceivedCsv: '{ moneyReceivedCsv(from: "2026-01-01", to: "2026-01-31") }',
    needToKnow: '{ needToKnow(eventSlug: "nope") { eventTitle } }',
    attendanceRegister: '{ attendanceRegister(eventSlug: "nope") { eventSlug } }',
    memberAttendance: '{ memberAttendance(userId: "nope") { date } }',
    chasePreview: '{ chasePreview(eventSlug: "nope") { subject } }',
    messagePreview:
      '{ messagePreview(eventSlug: "nope", filter: { tab: participants }, subject: "S", body: "B") { subject } }',
    sendParticipantMessage:
      'mutation { sendParticipantMessage(eventSlug: "nope", filter: { tab: participants }, subject: "S", body: "B") { name } }',
    markAttendance:
      'mutation { markAttendance(eventSlug: "nope", date: "2030-01-01", userId: "nope", mark: PRESENT) }',
    sendChase: 'mutation { sendChase(eventSlug: "nope") { userId } }',
    mailingLists: '{ mailingLists { slug } }',
    mailingList: '{ mailingList(slug: "nope") { slug } }',
    mailingListSubscribers: '{ mailingListSubscribers(slug: "nope") { total } }',
    mailingListMessages: '{ mailingListMessages(slug: "nope") { id } }',
    mailingListExport: '{ mailingListExport(slug: "nope") }',
    mailingListPreview: '{ mailingListPreview(markdown: "*hi*") }',
    createMailingList:
      'mutation { createMailingList(input: { name: "Matrix", slug: "matrix-list" }) { slug } }',
    updateMailingList:
      'mutation { updateMailingList(slug: "nope", input: { name: "Matrix", slug: "nope" }) { slug } }',
    addMailingListSubscriber:
      'mutation { addMailingListSubscriber(slug: "nope", email: "a@example.com") { id } }',
    importMailingListSubscribers:
      'mutation { importMailingListSubscribers(slug: "nope", csv: "email", dryRun: true) { added } }',
    sendMailingListMessage:
      'mutation { sendMailingListMessage(slug: "nope", subject: "S", markdown: "M") { id } }',
    sendMailingListTest: 'mutation { sendMailingListTest(slug: "nope", subject: "S", markdown: "M") }',
    cancelMailingListMessage:
      'mutation { cancelMailingListMessage(id: "00000000-0000-0000-0000-000000000000") { id } }',
    saveMailingListTemplate:
      'mutation { saveMailingListTemplate(name: "N", subject: "S", markdown: "M") { id } }',
    deleteMailingListTemplate:
      'mutation { deleteMailingListTemplate(id: "00000000-0000-0000-0000-000000000000") }',
    mailingListTemplates: '{ mailingListTemplates { id } }',
    ticketAllocation: '{ ticketAllocation(eventSlug: "nope") { eventSlug } }',
    ticketStats: '{ ticketStats(eventSlug: "nope") { eventSlug } }',
    runBallotDraw:
      'mutation { runBallotDraw(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000") { seed } }',
    recordTicketPayment:
      'mutation { recordTicketPayment(orderId: "00000000-0000-0000-0000-000000000000", amountPence: 100, method: CASH) { id } }',
    checkInTicket: 'mutation { checkInTicket(eventSlug: "nope", code: "x") { kind } }',
    payAtDoor: 'mutation { payAtDoor(eventSlug: "nope", code: "x", method: CASH) { kind } }',
    doorList: '{ doorList(eventSlug: "nope") { eventSlug } }',
    doorSummary: '{ doorSummary(eventSlug: "nope") { eventSlug } }',
    boxOffice: '{ boxOffice(eventSlug: "nope") { eventSlug } }',
    sellAtBoxOffice:
      'mutation { sellAtBoxOffice(eventSlug: "nope", lines: [{ ticketTypeId: "00000000-0000-0000-0000-000000000000", quantity: 1 }], method: CASH) { reference } }',
    ticketSeating: '{ ticketSeating(eventSlug: "nope") { eventSlug } }',
    assignSeat: 'mutation { assignSeat(ticketId: "00000000-0000-0000-0000-000000000000", seat: "1") { id } }',
    autoSeatTables: 'mutation { autoSeatTables(eventSlug: "nope", tableSize: 8) { seated } }',
    setTicketSeating: 'mutation { setTicketSeating(eventSlug: "nope", mode: SEATS) { eventSlug } }',
    syncCheckIns:
      'mutation { syncCheckIns(eventSlug: "nope", scans: [{ at: "2026-01-01T00:00:00Z", code: "x" }]) { code } }',
    setUpTicketSale:
      'mutation { setUpTicketSale(eventSlug: "nope", input: { addTypes: [], capacity: 10, published: false }) { eventSlug } }',
    updateTicketType:
      'mutation { updateTicketType(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000", input: { name: "A", pricePence: 0, quota: 1, perPersonLimit: 1, audience: PUBLIC, mode: FIRST_COME }) { eventSlug } }',
    removeTicketType:
      'mutation { removeTicketType(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000") { eventSlug } }',
    closeTicketTypeSale:
      'mutation { closeTicketTypeSale(eventSlug: "nope", ticketTypeId: "00000000-0000-0000-0000-000000000000") { eventSlug } }',
    ticketVouchers: '{ ticketVouchers(eventSlug: "nope") { id } }',
    createTicketVoucher:
      'mutation { createTicketVoucher(eventSlug: "nope", input: { code: "ABC", kind: PERCENT, amount: 10 }) { id } }',
    disableTicketVoucher:
      'mutation { disableTicketVoucher(eventSlug: "nope", voucherId: "00000000-0000-0000-0000-000000000000") { id } }',
    memberRecords: '{ memberRecords { total } }',
    memberRecord: '{ memberRecord(slug: "nope") { id } }',
    memberRecordsCsv: '{ memberRecordsCsv }',
    updateMemberProfile: 'mutation { updateMemberProfile(slug: "nope", input: { name: "X" }) { id } }',
    retryOutboxMessage: 'mutation { retryOutboxMessage(id: "999999") { id } }',
    retryJob: 'mutation { retryJob(id: "999999") { id } }',
    addEventParticipantsToList:
      'mutation { addEventParticipantsToList(slug: "nope", eventSlug: "nope") { added } }',
    eraseMailingListSubscriber:
      'mutation { eraseMailingListSubscriber(slug: "nope", subscriberId: "00000000-0000-0000-0000-000000000000") }',
    markMailingListSubscriberBounced:
      'mutation { markMailingListSubscriberBounced(slug: "nope", subscriberId: "00000000-0000-0000-0000-000000000000") { id } }',
  }

  it('every query and mutation has an access decision in this test', () => {
    const fields = [
      ...Object.keys(schema.getQueryType()!.getFields()),
      ...Object.keys(schema.getMutationType()!.getFields()),
    ].sort()
    expect(fields).toEqual(
      [
        ...PUBLIC_FIELDS,
        ...Object.keys(MEMBER_OPERATIONS),
        ...Object.keys(ADMIN_OPERATIONS),
        ...Object.keys(SETUP_OPERATIONS),
        ...Object.keys(CONFIRMED_OPERATIONS),
      ].sort(),
    )
  })

  it('the first-run setup needs a signed-in person and is over once a superAdmin exists', async () => {
    for (const [field, op] of Object.entries(SETUP_OPERATIONS)) {
      expect((await gql(t.app, op)).body.errors?.[0]?.extensions?.code, field).toBe('UNAUTHENTICATED')
      const signedIn = await gql(t.app, op, { token: member.token })
      expect(signedIn.body.errors?.[0]?.extensions?.code, field).toBe('CONFLICT')
    }
  })

  it('deleting an account needs a sign-in, then the typed email', async () => {
    for (const [field, op] of Object.entries(CONFIRMED_OPERATIONS)) {
      expect((await gql(t.app, op)).body.errors?.[0]?.extensions?.code, field).toBe('UNAUTHENTICATED')
      const signedIn = await gql(t.app, op, { token: member.token })
      expect(signedIn.body.errors?.[0]?.extensions?.code, field).toBe('VALIDATION')
    }
  })

  it('every member resolver refuses anonymous callers', async () => {
    for (const [field, op] of Object.entries(MEMBER_OPERATIONS)) {
      expect((await gql(t.app, op)).body.errors?.[0]?.extensions?.code, field).toBe('UNAUTHENTICATED')
      // A member gets past the guard (an id or slug that does not exist is then NOT_FOUND).
      const signedIn = await gql(t.app, op, { token: member.token })
      expect(signedIn.body.errors?.[0]?.extensions?.code ?? 'OK', field).toMatch(/^(OK|NOT_FOUND)$/)
    }
  })

  it('every admin resolver refuses anonymous callers and members without the role', async () => {
    for (const [field, op] of Object.entries(ADMIN_OPERATIONS)) {
      const anon = await gql(t.app, op)
      expect(anon.body.errors?.[0]?.extensions?.code, field).toBe('UNAUTHENTICATED')
      const plain = await gql(t.app, op, { token: member.token })
      expect(plain.body.errors?.[0]?.extensions?.code, field).toBe('FORBIDDEN')
      // The superAdmin gets past the guard (a missing user is then NOT_FOUND, an unfinished checklist
      // that cannot be put away CONFLICT: answers about the data, not refusals).
      const admin = await gql(t.app, op, { token: superAdmin.token })
      expect(admin.body.errors?.[0]?.extensions?.code ?? 'OK', field).toMatch(
        /^(OK|NOT_FOUND|VALIDATION|CONFLICT)$/,
      )
    }
  })

  it('validates input with a VALIDATION code', async () => {
    const res = await gql(t.app, 'mutation { publishAnnouncement(message: "   ") { id } }', {
      token: superAdmin.token,
    })
    expect(res.body.errors?.[0]?.extensions?.code).toBe('VALIDATION')
  })

  it('loads the users of a list in one batch, not one query per row', async () => {
    const actors = [superAdmin, member, await createUser(t.app, { name: 'Third Person' })]
    for (let i = 0; i < 30; i++) {
      await recordAudit(t.app.services.db, {
        actorId: actors[i % actors.length]!.id,
        action: 'job.retry',
        entityType: 'job',
        entityId: `batch-${i}`,
      })
    }
    const board = await createUser(t.app, { roles: ['boardMember'] })
    const q = '{ auditLog(entityType: JOB, limit: 30) { entityId actor { name } } }'
    // A first request checks the token's session once (then cached per session), so the count
    // below is the list's own cost.
    await gql(t.app, '{ currentUser { id } }', { token: board.token })
    const { result, count } = await countQueries(t.app.services.dbHandle, () =>
      gql<{ auditLog: { actor: { name: string } }[] }>(t.app, q, { token: board.token }),
    )
    expect(result.body.errors).toBeUndefined()
    expect(result.body.data?.auditLog).toHaveLength(30)
    expect(new Set(result.body.data?.auditLog.map((e) => e.actor.name))).toEqual(
      new Set(['Sam Super', 'Mo Member', 'Third Person']),
    )
    // viewer lookup + audit list + one batched user load
    expect(count).toBeLessThanOrEqual(3)
  })

  it('the committed schema.graphql is up to date (run `npm run codegen`)', () => {
    expect(readFileSync('schema.graphql', 'utf8')).toBe(printedSchema())
  })
})

describe('GraphQL in production', () => {
  it('turns introspection off', async () => {
    const prod = await createTestApp(
      {
        NODE_ENV: 'production',
        AUTH_SECRET: 'p'.repeat(40),
        APP_URL: 'https://stagedoor.example',
        MAIL_DISABLED: 'true',
      },
      { startJobs: false },
    )
    try {
      const res = await gql(prod.app, '{ __schema { types { name } } }')
      expect(res.status).toBe(400)
      expect(res.body.errors?.[0]?.message).toMatch(/introspection/i)
      expect((await gql(prod.app, '{ currentUser { id } }')).status).toBe(200)
      const hsts = await prod.app.inject({ method: 'GET', url: '/api/health' })
      expect(hsts.headers['strict-transport-security']).toContain('max-age=31536000')
    } finally {
      await prod.close()
    }
  })
})
