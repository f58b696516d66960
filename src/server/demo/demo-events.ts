import {
  eventConfigSchema,
  type EventConfig,
  type questionSchema,
} from '#core/events/event-config.schemas.ts'
import type { z } from 'zod'
import type { events } from '#server/db/schema/index.ts'

type EventConfigInput = z.input<typeof eventConfigSchema>

// The demo society's content (PRODUCT.md §9): fixed data, dated relative to the first seed so the
// events are upcoming on the day someone tries the app.
type NewEvent = typeof events.$inferInsert
const DAY = 86_400_000
const HOUR = 3_600_000

/** Every demo event is paid for by bank transfer to the society's (made-up) account. */
const HOW_TO_PAY = {
  method: 'BANK_TRANSFER',
  accountName: 'Stagedoor Society',
  sortCode: '12-34-56',
  accountNumber: '12345678',
  note: 'Questions about paying? Write to treasurer@stagedoor.test.',
} as const

/** Published on every demo event unless it says otherwise, so the pages read as a real society's. */
const TICKETS_AND_REFUNDS = {
  ticketSales:
    'Audience tickets go on sale four weeks before. Members get two at the member price; ask the ticket secretary for more.',
  cancellationsAndRefunds:
    'Cancel up to a week before for a full refund of what you paid. After that we refund only if your place is taken by someone from the waitlist.',
}

/** A full, validated eventConfig from the parts that matter for one event. */
function config(partial: EventConfigInput): EventConfig {
  return eventConfigSchema.parse({
    howToPay: HOW_TO_PAY,
    ...partial,
    content: { ...TICKETS_AND_REFUNDS, ...partial.content },
  })
}

const SATB = ['Soprano', 'Alto', 'Tenor', 'Bass']
const SATB_SPLIT = ['Soprano 1', 'Soprano 2', 'Alto 1', 'Alto 2', 'Tenor 1', 'Tenor 2', 'Bass 1', 'Bass 2']
const ORCHESTRA_PARTS = [
  'Violin 1',
  'Violin 2',
  'Viola',
  'Cello',
  'Double bass',
  'Woodwind',
  'Brass',
  'Timpani',
  'Continuo',
]
const SHOW_PARTS = [
  'Lead (soprano)',
  'Lead (mezzo)',
  'Lead (tenor)',
  'Lead (baritone)',
  'Featured role',
  'Ensemble',
  'Band',
  'Stage management',
  'Lighting and sound',
  'Set and props',
]

/** The demo forms' extra questions (PRODUCT.md §2: typed questions per application type). */
export const QUESTIONS = {
  voicePart: { id: 'voice-part', label: 'Which part do you sing?', kind: 'voice_part', required: true },
  instrument: { id: 'instrument', label: 'Your instrument and level', kind: 'instrument', required: true },
  experience: {
    id: 'experience',
    label: 'Tell us about your musical experience',
    kind: 'long_text',
    required: true,
    maxLength: 1500,
  },
  vocalScore: {
    id: 'vocal-score',
    label: 'Do you have a vocal score?',
    kind: 'single_choice',
    required: true,
    options: ['Yes, the Novello edition', 'Yes, another edition', 'No, I would like to borrow one'],
  },
  sungBefore: { id: 'sung-before', label: 'Have you sung this work before?', kind: 'short_text' },
  sightReading: {
    id: 'sight-reading',
    label: 'How confident is your sight-reading?',
    kind: 'single_choice',
    options: ['Very confident', 'Getting there', 'Not yet'],
  },
  recording: {
    id: 'recording',
    label: 'Audition recording (optional)',
    kind: 'file',
    help: 'Two contrasting pieces, up to five minutes in all.',
  },
  roleKind: {
    id: 'role-kind',
    label: 'Which roles would you like to be considered for?',
    kind: 'multi_choice',
    required: true,
    options: ['Lead role', 'Featured role', 'Ensemble'],
  },
  auditionSong: { id: 'audition-song', label: 'Your audition song', kind: 'short_text', required: true },
  conflicts: { id: 'conflicts', label: 'Rehearsal dates you cannot make', kind: 'long_text' },
  crewAreas: {
    id: 'crew-areas',
    label: 'Which areas interest you?',
    kind: 'multi_choice',
    required: true,
    options: ['Stage management', 'Lighting', 'Sound', 'Set building', 'Props', 'Costume'],
  },
  menu: {
    id: 'menu',
    label: 'Dinner menu',
    kind: 'single_choice',
    required: true,
    options: ['Standard', 'Vegetarian', 'Vegan'],
  },
  seating: { id: 'seating', label: 'Anyone you would like to sit with?', kind: 'short_text' },
} satisfies Record<string, z.input<typeof questionSchema>>

export const DEMO_EVENT_SLUGS = {
  choirSeason: 'choir-season-2026-27',
  singthrough: 'messiah-singthrough',
  concert: 'winter-concert',
  social: 'winter-formal',
  show: 'spring-show-2027',
  pastSingthrough: 'summer-singthrough-2026',
} as const

/** The demo events, dated from `t0` (the first seed). */
export function demoEvents(t0: Date): NewEvent[] {
  const at = (days: number, hours = 19) =>
    new Date(Math.floor(t0.getTime() / DAY) * DAY + days * DAY + hours * HOUR)
  const day = (days: number) => at(days, 12).toISOString().slice(0, 10)
  return [
    {
      slug: DEMO_EVENT_SLUGS.choirSeason,
      type: 'CHOIR_SEASON',
      title: 'Choir Season 2026–27',
      summary: 'Weekly rehearsals on Tuesdays, two concerts a term. Everyone who sings is welcome.',
      venue: 'Great Hall, Stagedoor University',
      startDate: at(-70),
      endDate: at(200),
      signupDeadline: at(-40),
      visibility: 'public',
      eventConfig: config({
        applicationTypes: {
          singer: {
            label: 'Singer',
            open: false,
            auditionRequired: false,
            questions: [QUESTIONS.voicePart, QUESTIONS.experience],
          },
        },
        paymentLines: { singer: [{ key: 'membership', label: 'Season membership', amountPence: 3500 }] },
        parts: SATB,
      }),
    },
    {
      slug: DEMO_EVENT_SLUGS.singthrough,
      type: 'SINGTHROUGH',
      title: 'Messiah Sing-through',
      summary: "Handel's Messiah from start to finish in an afternoon, with a full orchestra.",
      venue: 'St Cecilia’s Church',
      startDate: at(21, 14),
      endDate: at(21, 19),
      signupDeadline: at(10, 23),
      visibility: 'public',
      audienceTypes: [
        { key: 'singers', title: 'Singers', content: 'Bring a vocal score (Novello edition) and a pencil.' },
        { key: 'orchestra', title: 'Orchestra', content: 'Parts are sent with the info pack.' },
      ],
      eventConfig: config({
        permissions: {
          releaseParticipantInfoPack: true,
          releaseFinalParticipantInfo: true,
          releaseCastList: true,
        },
        applicationTypes: {
          singer: {
            label: 'Singer',
            open: true,
            capacity: 120,
            auditionRequired: false,
            questions: [QUESTIONS.voicePart, QUESTIONS.vocalScore, QUESTIONS.sungBefore],
          },
          orchestra: {
            label: 'Orchestra',
            open: true,
            capacity: 35,
            auditionRequired: true,
            questions: [QUESTIONS.instrument, QUESTIONS.experience],
          },
        },
        parts: [...SATB, ...ORCHESTRA_PARTS],
        schedule: [
          { date: day(7), kind: 'REHEARSAL', label: 'Chorus rehearsal' },
          { date: day(14), kind: 'REHEARSAL', label: 'Rehearsal with orchestra' },
          { date: day(21), kind: 'PERFORMANCE', label: 'Sing-through' },
        ],
        paymentLines: {
          singer: [{ key: 'participation', label: 'Participation', amountPence: 800 }],
          orchestra: [
            { key: 'participation', label: 'Participation', amountPence: 0 },
            { key: 'social', label: 'After-party', amountPence: 1200 },
          ],
        },
      }),
    },
    {
      slug: DEMO_EVENT_SLUGS.concert,
      type: 'CONCERT',
      title: 'Winter Concert',
      summary: 'Carols old and new, and Vivaldi’s Gloria.',
      venue: 'Great Hall, Stagedoor University',
      startDate: at(35),
      endDate: at(35, 22),
      signupDeadline: at(14),
      visibility: 'public',
      eventConfig: config({
        applicationTypes: {
          singer: {
            label: 'Singer',
            open: true,
            auditionRequired: true,
            questions: [QUESTIONS.voicePart, QUESTIONS.experience, QUESTIONS.sightReading],
          },
          orchestra: {
            label: 'Orchestra',
            open: true,
            capacity: 30,
            auditionRequired: true,
            questions: [QUESTIONS.instrument, QUESTIONS.experience, QUESTIONS.recording],
          },
        },
        parts: [...SATB_SPLIT, 'Soprano soloist', 'Alto soloist', ...ORCHESTRA_PARTS],
        paymentLines: {
          singer: [
            { key: 'participation', label: 'Participation', amountPence: 1500 },
            { key: 'social', label: 'Post-concert dinner', amountPence: 2000 },
          ],
        },
      }),
    },
    {
      slug: DEMO_EVENT_SLUGS.social,
      type: 'SOCIAL',
      title: 'Winter Formal',
      summary: 'Three courses, a ceilidh band and the society awards. Black tie optional.',
      venue: 'The Assembly Rooms',
      startDate: at(28, 19),
      endDate: at(29, 1),
      signupDeadline: at(20),
      visibility: 'public',
      eventConfig: config({
        applicationTypes: {
          social: {
            label: 'Guest',
            open: true,
            capacity: 150,
            auditionRequired: false,
            questions: [QUESTIONS.menu, QUESTIONS.seating],
          },
        },
        paymentLines: { social: [{ key: 'ticket', label: 'Ticket', amountPence: 4500 }] },
      }),
    },
    {
      slug: DEMO_EVENT_SLUGS.show,
      type: 'SHOW',
      title: 'Spring Show 2027',
      showName: 'Into the Woods',
      revealAt: at(7, 18),
      summary: 'Our spring musical. The title is revealed soon — auditions open after the reveal.',
      venue: 'Stagedoor Theatre',
      startDate: at(120),
      endDate: at(123, 22),
      signupDeadline: at(60),
      visibility: 'public',
      eventConfig: config({
        // NOTE: role names would give the secret show away to members before its reveal, so the
        // parts and questions stay generic.
        applicationTypes: {
          singer: {
            label: 'Cast',
            open: true,
            auditionRequired: true,
            questions: [QUESTIONS.voicePart, QUESTIONS.roleKind, QUESTIONS.auditionSong, QUESTIONS.conflicts],
          },
          orchestra: {
            label: 'Band',
            open: true,
            capacity: 14,
            auditionRequired: true,
            questions: [QUESTIONS.instrument, QUESTIONS.conflicts],
          },
          crew: {
            label: 'Crew',
            open: true,
            auditionRequired: false,
            questions: [QUESTIONS.crewAreas, QUESTIONS.conflicts],
          },
        },
        paymentLines: {
          singer: [{ key: 'participation', label: 'Show fee', amountPence: 2500 }],
          orchestra: [{ key: 'participation', label: 'Show fee', amountPence: 1000 }],
        },
        parts: SHOW_PARTS,
      }),
    },
    {
      slug: DEMO_EVENT_SLUGS.pastSingthrough,
      type: 'SINGTHROUGH',
      title: 'Summer Sing-through: Carmina Burana',
      summary: 'Last summer’s sing-through.',
      venue: 'St Cecilia’s Church',
      startDate: at(-120, 14),
      endDate: at(-120, 19),
      signupDeadline: at(-130),
      visibility: 'public',
      eventConfig: config({
        permissions: {
          releaseParticipantInfoPack: true,
          releaseFinalParticipantInfo: true,
          releaseCastList: true,
        },
        applicationTypes: {
          singer: {
            label: 'Singer',
            open: false,
            auditionRequired: false,
            questions: [QUESTIONS.voicePart, QUESTIONS.vocalScore],
          },
        },
        paymentLines: { singer: [{ key: 'participation', label: 'Participation', amountPence: 800 }] },
        parts: SATB,
      }),
    },
  ]
}
