// Admin acceptance queries, mutations and subscriptions; filled in by the acceptance work.
export {}
