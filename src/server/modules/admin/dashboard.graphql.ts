import { builder } from '#server/graphql/builder.ts'
import { adminDashboard } from './dashboard.queries.ts'
import { AdminDashboardRef } from './types/admin-dashboard.ts'

builder.queryField('adminDashboard', (t) =>
  t.field({
    type: AdminDashboardRef,
    resolve: (_root, _args, ctx) => adminDashboard(ctx),
  }),
)
