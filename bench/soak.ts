// `npm run bench -- soak [--minutes N] [--members N]` (issue 17): virtual members (200) for five
// minutes against PostgreSQL, each signing in, opening the sidebar (NavItemsQuery), browsing,
// applying and withdrawing, with think time between steps. Prints, per minute, requests, errors,
// p50/p99 and the server's resident memory, and whether memory stays flat after the first minute.
import { parseEventConfig } from '#core/events/event-config.schemas.ts'
import { execSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp } from '#server/app.ts'
import { createAccount, hashPassword } from '#server/auth/accounts.service.ts'
import { loadConfig } from '#server/config/env.ts'
import { events } from '#server/db/schema/index.ts'
import { startServerProcess, type ServerProcess } from '#server/testing/processes.ts'
import { freePort } from '#server/testing/smtp.ts'

type Record_ = (name: string, value: string) => void

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PASSWORD = 'a-long-soak-password-42'
const TYPES = 100
/** Signed in again after this many rounds (a new visit). */
const ROUNDS_PER_VISIT = 10
const EVENT = 'soak-season'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}

const NAV_ITEMS = `query NavItemsQuery { myApplications { id applicationType status updatedAt
  event { slug type title showName startDate endDate signupDeadline
    eventConfig { permissions { releaseParticipantInfoPack releaseFinalParticipantInfo releaseCastList } paymentLines } } } }`
const BROWSE = '{ events { slug title showName startDate } }'
const FORM = `query ($eventSlug: String!, $type: String!) { applicationForm(eventSlug: $eventSlug, type: $type) { closedReason questions { key kind } } }`
const SUBMIT = `mutation ($eventSlug: String!, $type: String!, $profile: ProfileEssentialsInput!) {
  submitApplication(eventSlug: $eventSlug, type: $type, profile: $profile, answers: {}) { id version } }`
const WITHDRAW = 'mutation ($id: ID!) { withdrawApplication(id: $id) { id status } }'

/** Accounts with passwords and an event with many open types, made before the server starts. */
async function makeSociety(env: Record<string, string>, members: number): Promise<string[]> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
  const app = await buildApp(config, { startJobs: false })
  try {
    const { auth, db } = app.services
    const hash = await hashPassword(auth, PASSWORD)
    const emails = Array.from({ length: members }, (_, i) => `soak-${i}@stagedoor.test`)
    for (let i = 0; i < emails.length; i += 20) {
      await Promise.all(
        emails
          .slice(i, i + 20)
          .map((email, j) =>
            createAccount(
              { auth, db },
              { email, name: `Soak Member ${i + j}`, password: { hash }, emailVerified: true },
            ),
          ),
      )
    }
    const day = 86_400_000
    await db.insert(events).values({
      slug: EVENT,
      type: 'CONCERT',
      title: 'Soak Season',
      startDate: new Date(Date.now() + 30 * day),
      endDate: new Date(Date.now() + 31 * day),
      signupDeadline: new Date(Date.now() + 10 * day),
      visibility: 'members',
      eventConfig: parseEventConfig({
        applicationTypes: Object.fromEntries(
          Array.from({ length: TYPES }, (_, i) => [
            `t${i}`,
            { label: `Part ${i}`, open: true, questions: [] },
          ]),
        ),
      }),
    })
    return emails
  } finally {
    await app.close()
  }
}

interface Sample {
  step: string
  at: number
  ms: number
  ok: boolean
}

class Member {
  private token = ''
  private round = 0
  constructor(
    private readonly server: ServerProcess,
    private readonly email: string,
    private readonly index: number,
    private readonly samples: Sample[],
    private readonly errors: Map<string, number>,
  ) {}

  private address() {
    return `10.${(this.index >> 8) & 255}.${this.index & 255}.${1 + (this.round % 200)}`
  }

  private async timed<T>(step: string, run: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now()
    try {
      const value = await run()
      this.samples.push({ step, at: Date.now(), ms: performance.now() - started, ok: true })
      return value
    } catch (error) {
      this.samples.push({ step, at: Date.now(), ms: performance.now() - started, ok: false })
      const key = `${step}: ${(error as Error).message.slice(0, 120)}`
      this.errors.set(key, (this.errors.get(key) ?? 0) + 1)
      return undefined
    }
  }

  private async signIn(): Promise<void> {
    const { url } = this.server
    const headers = { 'content-type': 'application/json', origin: url, 'x-forwarded-for': this.address() }
    const res = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: this.email, password: PASSWORD }),
    })
    if (!res.ok) throw new Error(`sign-in answered ${res.status}`)
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const token = await fetch(`${url}/api/auth/token`, {
      headers: { cookie, 'x-forwarded-for': this.address() },
    })
    if (!token.ok) throw new Error(`token answered ${token.status}`)
    this.token = ((await token.json()) as { token: string }).token
  }

  private async gql<T>(query: string, variables: object = {}): Promise<T> {
    const res = await fetch(`${this.server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ query, variables }),
    })
    const body = (await res.json()) as { data?: T; errors?: { message: string }[] }
    if (res.status !== 200 || body.errors)
      throw new Error(`HTTP ${res.status} ${body.errors?.[0]?.message ?? ''}`)
    return body.data!
  }

  async run(until: number, think: () => Promise<void>): Promise<void> {
    while (Date.now() < until) {
      if (this.round % ROUNDS_PER_VISIT === 0 || !this.token) await this.timed('sign in', () => this.signIn())
      if (!this.token) {
        await think()
        continue
      }
      const type = `t${this.round % TYPES}`
      this.round++
      await this.timed('sidebar', () => this.gql(NAV_ITEMS))
      await think()
      await this.timed('browse', () => this.gql(BROWSE))
      await this.timed('form', () => this.gql(FORM, { eventSlug: EVENT, type }))
      await think()
      const applied = await this.timed('apply', () =>
        this.gql<{ submitApplication: { id: string } }>(SUBMIT, {
          eventSlug: EVENT,
          type,
          profile: {
            name: `Soak Member ${this.index}`,
            phone: '+44 7700 900123',
            emergencyContact: { name: 'Next Of Kin', phone: '07700 900456', relationship: 'Parent' },
          },
        }),
      )
      await think()
      if (applied)
        await this.timed('withdraw', () => this.gql(WITHDRAW, { id: applied.submitApplication.id }))
      await think()
    }
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!)
}

function rssMiB(pid: number | undefined): number {
  return Math.round(Number(execSync(`ps -o rss= -p ${pid}`).toString().trim()) / 1024)
}

export async function soak(record: Record_): Promise<void> {
  const minutes = option('minutes', 5)
  const members = option('members', 200)
  const database = `stagedoor_soak_${process.pid}`
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
  await admin.connect()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stagedoor-soak-'))
  let server: ServerProcess | undefined
  try {
    await admin.query(`create database ${database}`)
    const url = new URL(POSTGRES_ADMIN_URL)
    url.pathname = `/${database}`
    const port = await freePort()
    const env = {
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      DEMO_MODE: 'false',
      MAIL_DISABLED: 'true',
      LOG_LEVEL: 'warn',
      // Each virtual member signs in from its own address (X-Forwarded-For), as real members would.
      TRUST_PROXY: '127.0.0.1',
    }
    const emails = await makeSociety(env, members)
    server = await startServerProcess(env, 180_000)
    const started = Date.now()
    const until = started + minutes * 60_000
    const samples: Sample[] = []
    const errors = new Map<string, number>()
    const think = () => new Promise<void>((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000))
    const rss: number[] = []
    const live = server
    const sampler = setInterval(() => rss.push(rssMiB(live.child.pid)), 60_000)
    console.log(`soak: ${members} members for ${minutes} min against PostgreSQL`)
    // Members arrive over the first ten seconds, not all in the same millisecond.
    await Promise.all(
      emails.map(async (email, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i / emails.length) * 10_000))
        await new Member(live, email, i, samples, errors).run(until, think)
      }),
    )
    clearInterval(sampler)
    if (rss.length < Math.ceil(minutes)) rss.push(rssMiB(live.child.pid))
    const last = Math.ceil(minutes) - 1
    const minuteOf = (s: Sample) => Math.min(last, Math.floor((s.at - started) / 60_000))
    for (let minute = 0; minute <= last; minute++) {
      const inMinute = samples.filter((s) => minuteOf(s) === minute)
      const times = inMinute.map((s) => s.ms).sort((a, b) => a - b)
      const failed = inMinute.filter((s) => !s.ok).length
      record(
        `soak minute ${minute + 1}`,
        `${inMinute.length} requests, ${failed} errors, p50 ${percentile(times, 50)} ms, p99 ${percentile(times, 99)} ms, RSS ${rss[minute] ?? '?'} MiB`,
      )
    }
    const all = samples.map((s) => s.ms).sort((a, b) => a - b)
    const failed = samples.filter((s) => !s.ok).length
    record(
      `soak total (${members} members, ${minutes} min, PostgreSQL)`,
      `${samples.length} requests, ${failed} errors, p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms`,
    )
    for (const step of [...new Set(samples.map((s) => s.step))]) {
      const times = samples
        .filter((s) => s.step === step)
        .map((s) => s.ms)
        .sort((a, b) => a - b)
      record(
        `soak step ${step}`,
        `${times.length} requests, p50 ${percentile(times, 50)} ms, p99 ${percentile(times, 99)} ms`,
      )
    }
    for (const [what, count] of errors) record('soak error', `${count} × ${what}`)
    if (rss.length >= 2) {
      const after = rss.slice(1)
      const growth = Math.max(...after) - rss[0]!
      // Flat: no minute after the first ends more than 10% (and 20 MiB) above the first minute's end.
      const flat = growth <= Math.max(20, rss[0]! * 0.1)
      record(
        'soak RSS after minute 1',
        `${flat ? 'flat' : 'GROWING'}: ${rss.join(' → ')} MiB (largest rise ${growth} MiB)`,
      )
    } else {
      record('soak RSS', `${rss.join(', ')} MiB (run 2 minutes or more to judge growth)`)
    }
  } finally {
    if (server) await server.stop()
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
