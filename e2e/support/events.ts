import { randomUUID } from 'node:crypto'
import { graphqlAs } from './accounts.ts'

export const DAY = 86_400_000

/** `prefix-1a2b3c4d`: a slug of the spec's own, so the demo rows other specs rely on stay as they are. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`
}

export interface TestEventInput {
  slug: string
  title: string
  /** CONCERT unless said. */
  type?: string
  /** Days from now to the start (30 unless said); the event lasts three hours. */
  startsInDays?: number
  /** Days from now to the signup deadline (10 unless said). */
  signupClosesInDays?: number
  eventConfig: Record<string, unknown>
}

/** A members-only event made through the admin GraphQL API (`createEvent`); returns its id. */
export async function createEvent(
  baseUrl: string,
  adminToken: string,
  input: TestEventInput,
): Promise<string> {
  const start = Date.now() + (input.startsInDays ?? 30) * DAY
  const { createEvent } = await graphqlAs<{ createEvent: { id: string } }>(baseUrl, adminToken, {
    operationName: 'CreateTestEvent',
    query: 'mutation CreateTestEvent($input: EventInput!) { createEvent(input: $input) { id } }',
    variables: {
      input: {
        slug: input.slug,
        type: input.type ?? 'CONCERT',
        title: input.title,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 3 * 3_600_000).toISOString(),
        signupDeadline: new Date(Date.now() + (input.signupClosesInDays ?? 10) * DAY).toISOString(),
        visibility: 'members',
        eventConfig: input.eventConfig,
      },
    },
  })
  return createEvent.id
}
