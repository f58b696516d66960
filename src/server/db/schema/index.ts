export * from './auth.ts'
export * from './platform.ts'
export * from './events.ts'
export * from './profiles.ts'
