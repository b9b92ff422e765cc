/**
 * The sending half of `npm run bench:newsletter` (scripts/bench/newsletter.ts), in a process of its
 * own as a background function is: runs the digest job against the bench's scratch database (its
 * marker checked first, decision 0305) and the fake SMTP server, sampling its own memory, and prints
 * `{ ms, peakRssMb, peakHeapMb }` as its last line.
 */
// The one module it needs, not the package's index: bundled, that pulled in the local runtime and
// its build tools, which do not bundle (issue 41: 'Build failed with 42 errors').
import { assertScratchDatabase } from '@simracing/local-platform/scratch-database'

const [jobId, smtpUrl, name, token] = process.argv.slice(2)
const { rawSql, closeDb } = await import('../../src/server/db/client.ts')
const { runJob } = await import('../../src/server/jobs/jobs.ts')
const { servicesFromEnv } = await import('../../src/server/platform-from-env.ts')
const { createPurger } = await import('../../src/server/cdn/purger.ts')
const { defaultMailTuning } = await import('../../src/server/mail/mail-config.ts')

await assertScratchDatabase(rawSql(), { url: process.env.DATABASE_URL!, name: name!, token: token! })
let peakRss = 0
let peakHeap = 0
const sample = () => {
  const m = process.memoryUsage()
  peakRss = Math.max(peakRss, m.rss)
  peakHeap = Math.max(peakHeap, m.heapUsed)
}
sample()
const baseRssMb = peakRss / 2 ** 20
const timer = setInterval(sample, 50)
const started = performance.now()
const job = await runJob(
  {
    ...servicesFromEnv(),
    purger: createPurger({ purge: undefined, siteUrl: 'http://localhost:8888' }),
    mail: { smtpUrl: smtpUrl!, from: 'SimRacing Hub <digest@simracing-hub.example.com>', ...defaultMailTuning },
  },
  Number(jobId),
)
const ms = performance.now() - started
clearInterval(timer)
sample()
if (job?.status !== 'completed') console.error(`the job ended ${job?.status}: ${job?.errors.join('; ')}`)
await closeDb()
console.log(JSON.stringify({ ms, peakRssMb: peakRss / 2 ** 20, peakHeapMb: peakHeap / 2 ** 20, baseRssMb }))
