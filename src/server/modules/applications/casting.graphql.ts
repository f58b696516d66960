// Admin casting queries, mutations and subscriptions; filled in by the casting work.
export {}
