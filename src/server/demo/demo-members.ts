import type { StudentStatus } from '#core/profiles/student-status.ts'
import type { Instrument } from '#server/db/schema/index.ts'
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
export const VOICE_PARTS = [
  'soprano 1',
  'soprano 2',
  'alto 1',
  'alto 2',
  'tenor 1',
  'tenor 2',
  'bass 1',
  'bass 2',
]
export const INSTRUMENTS = [
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
const STUDENT_STATUS: StudentStatus[] = ['student', 'student', 'student', 'alumni', 'staff', 'external']
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
    studentStatus: StudentStatus
    institution: string
    course: string
    graduationYear: number
    voicePart: string | null
    instruments: Instrument[]
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
