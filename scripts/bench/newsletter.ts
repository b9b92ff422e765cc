/**
 * `npm run bench:newsletter`: a digest to 10,000 subscribers through the fake SMTP server
 * (fakes/smtp-server.ts), in a scratch embedded database, as the digest job sends it: batches
 * claimed in the database, pooled SMTP, each recipient marked after the server took it
 * (docs/decisions/0802). The job runs in a process of its own (scripts/bench/newsletter-sender.ts),
 * bundled into one file with esbuild as Netlify bundles a function (tsx's loader alone holds some
 * 200 MB more), so its peak memory is the sender's alone. Prints the time,
 * messages per second and the sender's peak memory (targets: under 2 minutes, under 256 MB), and
 * checks that every subscriber got exactly one. Never touches .data/. `--subscribers=N`.
 *
 * The sender's heap is sized as in Netlify's function of 1,024 MB (its default): V8 gives the old
 * generation a quarter of the memory there is, 256 MB, and the young generation in proportion. On
 * this 24 GB machine Node's own default would be 4 GB and a young generation to match, so the same
 * garbage would sit in memory longer (`--sender-heap=0` keeps Node's default; docs/benchmarks.md).
 */
import { spawn } from 'node:child_process'
// esbuild: what Netlify's function bundler (zip-it-and-ship-it, a dev dependency) and tsx run on.
import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  assertScratchDatabase,
  markScratchDatabase,
  newDatabasePassword,
  startEmbeddedServer,
} from '@simracing/local-platform'
import { startFakeSmtp } from '../../fakes/smtp-server.ts'

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback)
const SUBSCRIBERS = arg('subscribers', 10_000)
const SENDER_HEAP_MB = arg('sender-heap', 256)

const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'))
const server = await startEmbeddedServer({
  dataDir: path.join(scratch, 'pglite'),
  port: 0,
  password: newDatabasePassword(),
})
const url = server.url
const mark = await markScratchDatabase(url)
// Imported after DATABASE_URL names the scratch server (the env module reads it once).
process.env.DATABASE_URL = url
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { db, closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { newsArticles, newsletterSubscribers } = await import('../../src/server/db/schema.ts')
const { buildNews } = await import('../../src/server/demo/factories.ts')
const { makeDigest } = await import('../../src/server/features/newsletter/index.ts')
const { servicesFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createPurger } = await import('../../src/server/cdn/purger.ts')
const { recipientCounts } = await import('../../src/server/features/newsletter/index.ts')

const fake = await startFakeSmtp({ parse: false })
try {
  await assertScratchDatabase(rawSql(), mark)
  await runMigrations(url)
  let t = Date.now()
  for (let start = 0; start < SUBSCRIBERS; start += 1000) {
    await db()
      .insert(newsletterSubscribers)
      .values(
        Array.from({ length: Math.min(1000, SUBSCRIBERS - start) }, (_, k) => ({
          email: `reader-${start + k}@example.com`,
          status: 'confirmed' as const,
          confirmedAt: new Date(),
        })),
      )
  }
  // A list this long goes out only with the sender's postal address (decision 0874).
  const { setPostalAddress } = await import('../../src/server/features/newsletter/index.ts')
  await setPostalAddress('SimRacing Hub\n1 Pit Lane\nSilverstone')
  const now = new Date()
  for (let i = 0; i < 5; i++)
    await db()
      .insert(newsArticles)
      .values(
        buildNews({
          title: `This week in sim racing, part ${i + 1}`,
          timestamp: new Date(now.getTime() - (i + 1) * 3_600_000),
        }),
      )
  console.log(`seeded ${SUBSCRIBERS.toLocaleString('en-US')} subscribers in ${((Date.now() - t) / 1000).toFixed(1)} s`)

  let jobId = 0
  const platform = {
    ...servicesFromEnv(),
    purger: createPurger({ purge: undefined, siteUrl: 'http://localhost:8888' }),
    mail: undefined,
    launchJob: async (_: unknown, id: number) => {
      jobId = id
    },
  }
  t = Date.now()
  const made = await makeDigest(platform, { slotKey: 'bench', frequency: 'weekly', now })
  if (made.kind !== 'started') throw new Error(`no digest was made (${made.kind})`)
  console.log(
    `digest made (articles rendered, ${made.recipients.toLocaleString('en-US')} recipients listed) in ${Date.now() - t} ms`,
  )

  const bundle = path.join(scratch, 'sender.mjs')
  await build({
    entryPoints: ['scripts/bench/newsletter-sender.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile: bundle,
    logLevel: 'warning',
    // The CommonJS packages in the bundle call require().
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  })
  const heap = SENDER_HEAP_MB > 0 ? [`--max-old-space-size=${SENDER_HEAP_MB}`] : []
  const child = spawn(process.execPath, [...heap, bundle, String(jobId), fake.url, mark.name, mark.token], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the sender exited with ${code}: ${out}`)
  const sender = JSON.parse(out.trim().split('\n').at(-1)!) as {
    ms: number
    peakRssMb: number
    peakHeapMb: number
    baseRssMb: number
  }

  const counts = await recipientCounts(made.digestId)
  const perRecipient = new Map<string, number>()
  for (const m of fake.messages) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1)
  const twice = [...perRecipient.values()].filter((n) => n > 1).length
  const seconds = sender.ms / 1000
  console.log(`
  sent:            ${counts.sent.toLocaleString('en-US')} of ${SUBSCRIBERS.toLocaleString('en-US')} (failed ${counts.failed}, in doubt ${counts.claimed}, waiting ${counts.pending})
  received:        ${fake.messages.length.toLocaleString('en-US')} messages, ${perRecipient.size.toLocaleString('en-US')} addresses, ${twice} twice
  time:            ${seconds.toFixed(1)} s (target under 120 s)
  rate:            ${(counts.sent / seconds).toFixed(0)} messages/s
  sender memory:   ${sender.peakRssMb.toFixed(0)} MB at its peak (target under 256 MB; ${sender.baseRssMb.toFixed(0)} MB once loaded, heap at most ${sender.peakHeapMb.toFixed(0)} MB; old generation ${SENDER_HEAP_MB > 0 ? `${SENDER_HEAP_MB} MB` : "Node's default"})
`)
  if (twice > 0 || counts.sent !== SUBSCRIBERS) process.exitCode = 1
} finally {
  await fake.close()
  await closeDb()
  await server.stop()
  rmSync(scratch, { recursive: true, force: true })
}
