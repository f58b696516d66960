// The yardstick of `npm run bench -- hot-path`: a bare Fastify route answering a 20-item JSON list,
// so each Stagedoor figure is printed as a ratio of what this machine does with no app at all.
import Fastify from 'fastify'

const items = Array.from({ length: 20 }, (_, i) => ({
  slug: `event-${i}`,
  title: `Event ${i}`,
  showName: null,
  startDate: new Date(Date.UTC(2027, 0, i + 1)).toISOString(),
}))
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ data: { events: items } }))
app.post('/bare', async () => ({ data: { events: items } }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
