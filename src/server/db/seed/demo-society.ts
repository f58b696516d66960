import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'
import { eventConfigSchema, type EventConfig } from '#core/events/event-config.schemas.ts'
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
                level: i % 3 === 0 ? 'Grade 8+' : 'Grade 6',
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
        applicationTypes: { singer: { label: 'Singer', open: false, auditionRequired: false } },
        paymentLines: { singer: [{ key: 'membership', label: 'Season membership', amountPence: 3500 }] },
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
          singer: { label: 'Singer', open: true, capacity: 120, auditionRequired: false },
          orchestra: { label: 'Orchestra', open: true, capacity: 35, auditionRequired: true },
        },
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
          singer: { label: 'Singer', open: true, auditionRequired: true },
          orchestra: { label: 'Orchestra', open: true, capacity: 30, auditionRequired: true },
        },
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
        applicationTypes: { social: { label: 'Guest', open: true, capacity: 150, auditionRequired: false } },
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
        applicationTypes: {
          singer: { label: 'Cast', open: true, auditionRequired: true },
          orchestra: { label: 'Band', open: true, capacity: 14, auditionRequired: true },
          crew: { label: 'Crew', open: true, auditionRequired: false },
        },
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
        applicationTypes: { singer: { label: 'Singer', open: false, auditionRequired: false } },
        paymentLines: { singer: [{ key: 'participation', label: 'Participation', amountPence: 800 }] },
      }),
    },
  ]
}

export interface DemoApplication {
  email: string
  eventSlug: string
  applicationType: string
  status: ApplicationStatus
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
    },
    {
      email: 'member1@stagedoor.test',
      eventSlug: DEMO_EVENT_SLUGS.choirSeason,
      applicationType: 'singer',
      status: 'PAID',
    },
    // Only a SUBMITTED application.
    {
      email: 'member2@stagedoor.test',
      eventSlug: DEMO_EVENT_SLUGS.concert,
      applicationType: 'singer',
      status: 'SUBMITTED',
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
      list.push({ email: member.email, eventSlug, applicationType, status })
    })
  })
  return list
}
