/**
 * `npm run bench:signups`: does a newsletter sign-up's answer take longer for one address than for
 * another (issue 42: it took 123 ms for a new address, the confirmation email sent while the visitor
 * waited, and 5 ms for a known one, which told anybody who was subscribed)? Through the app
 * in-process with the fake SMTP server (fakes/smtp-server.ts), in a scratch embedded database:
 * sign-ups of new addresses, of pending ones, of confirmed ones, in turn, each from its own network,
 * the work after each answer (the email) let finish before the next. Prints each kind's median and
 * p90 answer time and its ratio to the new addresses' median (the target: within 20%).
 * Options: --runs=150 (sign-ups of each kind).
 */
import { assertScratchDatabase, markScratchDatabase, startScratchServer } from '@simracing/local-platform'
import { startFakeSmtp } from '../../fakes/smtp-server.ts'

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 150)

const server = await startScratchServer('bench-signups-')
const url = server.url
const mark = await markScratchDatabase(url)
// Imported after DATABASE_URL names the scratch server (the env module reads it once).
process.env.DATABASE_URL = url
const fake = await startFakeSmtp({ parse: false })
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { createSubscribers } = await import('../../src/server/demo/factories.ts')
const { createApp } = await import('../../src/server/app.ts')
const { servicesFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createPurger } = await import('../../src/server/cdn/purger.ts')
const { defaultMailTuning } = await import('../../src/server/mail/mail-config.ts')

const percentile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!

try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  const services = servicesFromEnv()
  const app = createApp({
    ...services,
    purger: createPurger({ purge: undefined, siteUrl: 'http://127.0.0.1' }),
    mail: { smtpUrl: fake.url, from: 'Bench <bench@example.com>', ...defaultMailTuning },
  })
  let network = 0
  /** One sign-up's answer time; the work after the answer is let finish, untimed. */
  async function signUp(email: string): Promise<number> {
    network++
    const background: Promise<unknown>[] = []
    const ip = `10.${(network >> 8) % 256}.${network % 256}.1`
    const started = performance.now()
    const res = await app.request(
      '/api/newsletter/subscriptions',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) },
      { context: { ip, waitUntil: (work: Promise<unknown>) => void background.push(work) } },
    )
    await res.arrayBuffer()
    const ms = performance.now() - started
    if (res.status !== 200) throw new Error(`${email} answered ${res.status}`)
    await Promise.all(background)
    return ms
  }
  const confirmed = await createSubscribers(RUNS, { prefix: 'confirmed' })
  const pending = await createSubscribers(RUNS, { prefix: 'pending', status: 'pending' })
  // Warm up: the first requests load modules and plan statements.
  for (let i = 0; i < 20; i++) await signUp(`warm-${i}@example.com`)
  const times = { new: [] as number[], pending: [] as number[], confirmed: [] as number[] }
  for (let i = 0; i < RUNS; i++) {
    times.new.push(await signUp(`new-${i}@example.com`))
    times.pending.push(await signUp(pending[i]!.email))
    times.confirmed.push(await signUp(confirmed[i]!.email))
  }
  const base = percentile(times.new, 0.5)
  console.log(`\nNewsletter sign-up answers, ${RUNS} of each kind (in-process, the email after the answer):`)
  for (const [kind, xs] of Object.entries(times)) {
    const median = percentile(xs, 0.5)
    console.log(
      `  ${`${kind} address`.padEnd(20)} median ${median.toFixed(1).padStart(6)} ms   p90 ${percentile(xs, 0.9).toFixed(1).padStart(6)} ms   ${(median / base).toFixed(2)}x the new`,
    )
  }
  console.log(`  emails sent: ${fake.messages.length} (the new addresses and the pending ones)`)
} finally {
  await closeDb()
  await fake.close()
  await server.remove()
}
