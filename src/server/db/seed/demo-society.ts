import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
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

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Finn',
  'Grace',
  'Hamza',
  'Isla',
  'Jack',
  'Kemi',
  'Leo',
  'Maya',
  'Noah',
  'Orla',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tom',
]
const LAST = [
  'Ahmed',
  'Brown',
  'Chen',
  'Davies',
  'Evans',
  'Fraser',
  'Gupta',
  'Hughes',
  'Iqbal',
  'Jones',
  'Khan',
  'Lewis',
  'Murphy',
  'Nowak',
  "O'Brien",
]
const VOICE_PARTS = ['soprano 1', 'soprano 2', 'alto 1', 'alto 2', 'tenor 1', 'tenor 2', 'bass 1', 'bass 2']
const INSTRUMENTS = [
  'violin',
  'viola',
  'cello',
  'double bass',
  'flute',
  'clarinet',
  'oboe',
  'bassoon',
  'horn',
  'trumpet',
  'percussion',
  'piano',
]
const PRONOUNS = ['she/her', 'he/him', 'they/them', null]
const COURSES = [
  'Music',
  'Physics',
  'History',
  'Medicine',
  'Law',
  'Computer Science',
  'English',
  'Chemistry',
  'Economics',
  'Architecture',
]
const STUDENT_STATUS = ['student', 'student', 'student', 'alumni', 'staff', 'external']
const DIETARY = [null, null, null, 'vegetarian', 'vegan', 'gluten-free', 'nut allergy']

export interface DemoMember {
  id: string
  email: string
  name: string
  profile: {
    slug: string
    preferredName: string | null
    pronouns: string | null
    phone: string
    studentStatus: string
    institution: string
    course: string
    graduationYear: number
    voicePart: string | null
    instruments: { instrument: string; level: string }[]
    dietaryRequirements: string | null
    accessNeeds: string | null
    emergencyContact: { name: string; phone: string; relationship: string }
  }
}

/** About sixty members with varied profiles (no password: they would sign in by magic link). */
export function demoMembers(count = 60): DemoMember[] {
  return Array.from({ length: count }, (_, i) => {
    const first = FIRST[i % FIRST.length]!
    const last = LAST[(i * 7) % LAST.length]!
    const n = String(i + 1).padStart(2, '0')
    const plays = i % 4 === 0
    return {
      id: `demo-member-${n}`,
      email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}${n}@members.stagedoor.test`,
      name: `${first} ${last}`,
      profile: {
        slug: `${first}-${last}-${n}`.toLowerCase().replace(/[^a-z0-9-]/g, ''),
        preferredName: i % 9 === 0 ? first.slice(0, 3) : null,
        pronouns: PRONOUNS[i % PRONOUNS.length]!,
        phone: `07700 900${String(100 + i).slice(-3)}`,
        studentStatus: STUDENT_STATUS[i % STUDENT_STATUS.length]!,
        institution: i % 5 === 4 ? 'City College' : 'University of Stagedoor',
        course: COURSES[i % COURSES.length]!,
        graduationYear: 2024 + (i % 5),
        voicePart: plays && i % 8 === 0 ? null : VOICE_PARTS[i % VOICE_PARTS.length]!,
        instruments: plays
          ? [
              {
                instrument: INSTRUMENTS[i % INSTRUMENTS.length]!,
                level: i % 3 === 0 ? 'advanced' : 'intermediate',
              },
            ]
          : [],
        dietaryRequirements: DIETARY[i % DIETARY.length]!,
        accessNeeds: i % 13 === 0 ? 'Step-free access, please' : null,
        emergencyContact: {
          name: `${FIRST[(i + 5) % FIRST.length]} ${last}`,
          phone: `07700 901${String(200 + i).slice(-3)}`,
          relationship: i % 2 ? 'parent' : 'partner',
        },
      },
    }
  })
}

type NewEvent = typeof events.$inferInsert
const DAY = 86_400_000
const HOUR = 3_600_000

/** A full, validated eventConfig from the parts that matter for one event. */
function config(partial: EventConfigInput): EventConfig {
  return eventConfigSchema.parse(partial)
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
const QUESTIONS = {
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

export interface DemoApplication {
  email: string
  eventSlug: string
  applicationType: string
  status: ApplicationStatus
  answers?: Record<string, unknown>
  /** Casting's choice, for some CONFIRMED and PAID applications. */
  part?: string | null
}

const EXPERIENCE = [
  'I sang in my school chamber choir for five years and joined the society in first year.',
  'Grade 7 singing; I have done two musicals and a few carol services with my church choir.',
  'Mostly self-taught, but I love choral music and read bass clef comfortably.',
  'I led the second violins in my county youth orchestra and play in a string quartet.',
  'I have sung the Fauré Requiem and the Brahms Requiem with a community choir.',
  'First time with the society! I sang a lot at school and have missed it.',
  'Grade 8 flute with distinction; I played in the university wind band last year.',
]
const SONGS = [
  '“Being Alive” (Company)',
  '“On My Own” (Les Misérables)',
  '“Maria” (West Side Story)',
  '“Astonishing” (Little Women)',
  '“Corner of the Sky” (Pippin)',
]
const CONFLICTS = ['', '', 'Away the weekend of the 14th.', 'Lab on Thursday evenings until 7pm.']

/** Plausible answers to an event's form for one member (deterministic, so the seed is repeatable). */
function demoAnswers(
  eventSlug: string,
  type: string,
  member: DemoMember,
  i: number,
): Record<string, unknown> {
  const voice = member.profile.voicePart ?? VOICE_PARTS[i % VOICE_PARTS.length]!
  const instrument = member.profile.instruments[0] ?? {
    instrument: INSTRUMENTS[i % INSTRUMENTS.length]!,
    level: 'intermediate',
  }
  const experience = EXPERIENCE[i % EXPERIENCE.length]!
  switch (`${eventSlug}/${type}`) {
    case `${DEMO_EVENT_SLUGS.choirSeason}/singer`:
      return { 'voice-part': voice, experience }
    case `${DEMO_EVENT_SLUGS.singthrough}/singer`:
      return {
        'voice-part': voice,
        'vocal-score': QUESTIONS.vocalScore.options[i % 3]!,
        ...(i % 2 ? { 'sung-before': 'Yes, twice, at Christmas sing-alongs.' } : {}),
      }
    case `${DEMO_EVENT_SLUGS.singthrough}/orchestra`:
    case `${DEMO_EVENT_SLUGS.concert}/orchestra`:
      return { instrument, experience }
    case `${DEMO_EVENT_SLUGS.concert}/singer`:
      return { 'voice-part': voice, experience, 'sight-reading': QUESTIONS.sightReading.options[i % 3]! }
    case `${DEMO_EVENT_SLUGS.social}/social`:
      return {
        menu: QUESTIONS.menu.options[
          member.profile.dietaryRequirements === 'vegan' ? 2 : i % 4 === 1 ? 1 : 0
        ]!,
        ...(i % 3 === 0 ? { seating: 'With the tenors, please!' } : {}),
      }
    case `${DEMO_EVENT_SLUGS.show}/singer`:
      return {
        'voice-part': voice,
        'role-kind':
          i % 3 === 0
            ? ['Lead role', 'Featured role', 'Ensemble']
            : i % 3 === 1
              ? ['Featured role', 'Ensemble']
              : ['Ensemble'],
        'audition-song': SONGS[i % SONGS.length]!,
        ...(CONFLICTS[i % CONFLICTS.length] ? { conflicts: CONFLICTS[i % CONFLICTS.length] } : {}),
      }
    case `${DEMO_EVENT_SLUGS.show}/orchestra`:
      return { instrument }
    case `${DEMO_EVENT_SLUGS.show}/crew`:
      return {
        'crew-areas': [QUESTIONS.crewAreas.options[i % 6]!, QUESTIONS.crewAreas.options[(i + 2) % 6]!],
      }
    default:
      return {}
  }
}

/** The part casting gave a CONFIRMED or PAID member: their voice or their instrument's section. */
function demoPart(eventSlug: string, type: string, member: DemoMember, i: number): string | null {
  if (i % 4 === 3) return null // casting is not finished everywhere
  const voice = member.profile.voicePart ?? 'alto 1'
  const satb = voice.split(' ')[0]!.replace(/^./, (c) => c.toUpperCase())
  if (type === 'singer')
    return eventSlug === DEMO_EVENT_SLUGS.concert ? voice.replace(/^./, (c) => c.toUpperCase()) : satb
  if (type === 'orchestra') {
    const instrument = member.profile.instruments[0]?.instrument ?? ''
    const section: Record<string, string> = {
      violin: i % 2 ? 'Violin 1' : 'Violin 2',
      viola: 'Viola',
      cello: 'Cello',
      'double bass': 'Double bass',
      flute: 'Woodwind',
      clarinet: 'Woodwind',
      oboe: 'Woodwind',
      bassoon: 'Woodwind',
      horn: 'Brass',
      trumpet: 'Brass',
      percussion: 'Timpani',
      piano: 'Continuo',
    }
    return section[instrument] ?? 'Violin 2'
  }
  return null
}

/** Every status, in order, cycled over the members so each appears. */
const STATUS_CYCLE: readonly ApplicationStatus[] = APPLICATION_STATUSES

/** Applications in every status across the events; member1–3 as the tests need them. */
export function demoApplications(members: DemoMember[]): DemoApplication[] {
  const list: DemoApplication[] = [
    // Every sidebar item: CONFIRMED singer at the sing-through (info pack and final info released,
    // no `social` line for singers).
    {
      email: 'member1@stagedoor.test',
      eventSlug: DEMO_EVENT_SLUGS.singthrough,
      applicationType: 'singer',
      status: 'CONFIRMED',
      answers: { 'voice-part': 'soprano 1', 'vocal-score': 'Yes, the Novello edition' },
      part: 'Soprano',
    },
    {
      email: 'member1@stagedoor.test',
      eventSlug: DEMO_EVENT_SLUGS.choirSeason,
      applicationType: 'singer',
      status: 'PAID',
      answers: { 'voice-part': 'soprano 1', experience: EXPERIENCE[0] },
      part: 'Soprano',
    },
    // Only a SUBMITTED application.
    {
      email: 'member2@stagedoor.test',
      eventSlug: DEMO_EVENT_SLUGS.concert,
      applicationType: 'singer',
      status: 'SUBMITTED',
      answers: {
        'voice-part': 'tenor 1',
        experience: EXPERIENCE[1],
        'sight-reading': 'Getting there',
      },
    },
    // member3 has none.
  ]
  const targets: [string, string[]][] = [
    [DEMO_EVENT_SLUGS.singthrough, ['singer', 'singer', 'orchestra']],
    [DEMO_EVENT_SLUGS.concert, ['singer', 'orchestra']],
    [DEMO_EVENT_SLUGS.social, ['social']],
    [DEMO_EVENT_SLUGS.choirSeason, ['singer']],
    [DEMO_EVENT_SLUGS.show, ['singer', 'crew', 'orchestra']],
  ]
  members.forEach((member, i) => {
    targets.forEach(([eventSlug, types], j) => {
      if ((i + j) % 3 === 2) return
      const applicationType = types[(i + j) % types.length]!
      const status =
        eventSlug === DEMO_EVENT_SLUGS.show ? 'SUBMITTED' : STATUS_CYCLE[(i * 3 + j) % STATUS_CYCLE.length]!
      const cast = status === 'CONFIRMED' || status === 'PAID'
      list.push({
        email: member.email,
        eventSlug,
        applicationType,
        status,
        answers: demoAnswers(eventSlug, applicationType, member, i),
        part: cast ? demoPart(eventSlug, applicationType, member, i) : null,
      })
    })
  })
  return list
}
