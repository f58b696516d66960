import { type GraphQLInputObjectType } from 'graphql'
import { describe, expect, it } from 'vitest'
import { eventInputSchema } from '#core/events/event.schemas.ts'
import { schema } from './schema.ts'

const fieldsOf = (name: string) =>
  Object.fromEntries(
    Object.values((schema.getType(name) as GraphQLInputObjectType).getFields()).map((f) => [
      f.name,
      String(f.type),
    ]),
  )

describe('input types derived from zod schemas', () => {
  it('EventInput has every field of eventInputSchema, required exactly where the schema has no default', () => {
    const fields = fieldsOf('EventInput')
    expect(Object.keys(fields).sort()).toEqual(Object.keys(eventInputSchema.shape).sort())
    expect(fields).toEqual({
      slug: 'String!',
      type: 'EventType!',
      title: 'String!',
      showName: 'String',
      summary: 'String',
      description: 'String',
      venue: 'String',
      startDate: 'DateTime!',
      endDate: 'DateTime!',
      signupDeadline: 'DateTime',
      visibility: 'EventVisibility',
      audienceTypes: '[AudienceTypeInput!]',
      eventConfig: 'EventConfigInput',
    })
  })

  it('types fixed shapes, and keeps maps keyed by data as JSON', () => {
    expect(fieldsOf('AudienceTypeInput')).toEqual({ key: 'String!', title: 'String!', content: 'String' })
    expect(fieldsOf('EventConfigInput')).toEqual({
      permissions: 'EventPermissionsInput',
      applicationTypes: 'JSON',
      paymentLines: 'JSON',
      howToPay: 'HowToPayInput',
      content: 'EventContentInput',
      parts: '[String!]',
      schedule: '[ScheduleDateInput!]',
      offerLapsedPlacesToWaitlist: 'Boolean',
    })
    expect(fieldsOf('EventPermissionsInput')).toEqual({
      releaseParticipantInfoPack: 'Boolean',
      releaseFinalParticipantInfo: 'Boolean',
      releaseCastList: 'Boolean',
    })
    expect(fieldsOf('EventContentInput')).toMatchObject({ infoPack: 'JSON', venueAccess: 'String' })
  })
})
