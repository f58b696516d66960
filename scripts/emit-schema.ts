import { writeFileSync } from 'node:fs'
import { printedSchema } from '#server/graphql/schema.ts'

writeFileSync('schema.graphql', printedSchema())
console.log('schema.graphql written')
