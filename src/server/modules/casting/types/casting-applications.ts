import { builder } from '#server/graphql/builder.ts'
import type { CastingPage } from '../list-casting-applications.ts'
import { CastingApplicationRef } from './casting-application.ts'
import { CastingCountRef } from './casting-count.ts'
import { castingEventInfo, CastingEventRef } from './casting-event.ts'
import { CastingPageInfoRef } from './casting-page-info.ts'

export const CastingApplicationsRef = builder.objectRef<CastingPage>('CastingApplications').implement({
  description: 'One page of the casting list, with the total and the filter chips’ counts.',
  fields: (t) => ({
    event: t.field({ type: CastingEventRef, resolve: (p) => castingEventInfo(p.event) }),
    totalCount: t.exposeInt('totalCount'),
    nodes: t.field({ type: [CastingApplicationRef], resolve: (p) => p.nodes }),
    pageInfo: t.field({
      type: CastingPageInfoRef,
      resolve: (p) => ({ hasNextPage: p.hasNextPage, endCursor: p.endCursor }),
    }),
    statusCounts: t.field({
      type: [CastingCountRef],
      description: 'Per status, under every filter but the status filter.',
      resolve: (p) => p.statusCounts,
    }),
    typeCounts: t.field({
      type: [CastingCountRef],
      description: 'Per application type, under every filter but the type filter.',
      resolve: (p) => p.typeCounts,
    }),
    partCounts: t.field({
      type: [CastingCountRef],
      description: 'Per part ("" for none yet), under every filter but the part filter.',
      resolve: (p) => p.partCounts,
    }),
  }),
})
