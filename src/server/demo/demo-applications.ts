import { APPLICATION_STATUSES, type ApplicationStatus } from '#core/applications/status.ts'

import { DEMO_EVENT_SLUGS, QUESTIONS } from './demo-events.ts'
import { INSTRUMENTS, VOICE_PARTS, type DemoMember } from './demo-members.ts'

// The demo society's content (PRODUCT.md §9): fixed data, dated relative to the first seed so the
// events are upcoming on the day someone tries the app.
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
