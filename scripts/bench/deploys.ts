/**
 * `npm run bench:deploys`: 30 days of a site owner's typical use (5 edits a day, the daily standings
 * refresh, the day's AI draft published each morning, a title corrected three times in four seconds,
 * one 'Purge Everything') through the real API and publish path, in a scratch embedded database,
 * with the CDN stand-in and its purge API (rate limit included), a fake build hook on 127.0.0.1 that
 * counts its calls, and a simulated clock (test-support/month-of-use.ts). Prints the
 * deploys, purges and renders of the month and their credits, against the deploy-per-change model
 * this replaced (decisions 0204, 0700), whose figures are of 30 days.
 * Options: --days=30 (fewer for a quick run: the test line's smoke run takes 3).
 */
import { assertScratchDatabase, markScratchDatabase, startScratchServer } from '@simracing/local-platform'

const server = await startScratchServer('bench-deploys-')
const url = server.url
const marked = await markScratchDatabase(url)
// Imported after DATABASE_URL is set: the env module reads it once.
process.env.DATABASE_URL = url
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { closeDb, rawSql } = await import('../../src/server/db/client.ts')
const { CREDITS_PER_DEPLOY, RENDER_SECONDS, simulateMonth, typicalMonth } =
  await import('../../test-support/month-of-use.ts')
try {
  await assertScratchDatabase(rawSql(), marked)
  await runMigrations()
  const started = performance.now()
  // --days=N: a shorter stretch (the test line's smoke run); the 'before' row is of 30 days.
  const days = Number(process.argv.find((a) => a.startsWith('--days='))?.slice('--days='.length) ?? typicalMonth.days)
  const month = await simulateMonth({ ...typicalMonth, days })
  const previous = { deploys: 20, credits: 20 * CREDITS_PER_DEPLOY }
  console.log(
    `\n${days} days, ${typicalMonth.ownerEditsPerDay} owner edits a day + daily standings + a published article a day ` +
      `(${month.writes} writes through the API):\n`,
  )
  console.log('| | content deploys | purges (429 then retried) | renders after a purge | credits | longest wait |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  console.log(
    `| now: pages kept at the CDN, purged by tag | ${month.deploys} (${month.deployCredits} credits) | ` +
      `${month.purges} (${month.refusedPurges}) | ${month.renders} (${month.renderCredits.toFixed(2)} credits at ${RENDER_SECONDS * 1000} ms, 1 GB) | ` +
      `${(month.deployCredits + month.renderCredits).toFixed(2)} | ${month.longestWaitSeconds.toFixed(0)} s |`,
  )
  console.log(
    `| before: static pages, a deploy per change within the budget (decision 0204) | ${previous.deploys} (${previous.credits} credits) | - | - | ${previous.credits} | 35.6 h |`,
  )
  console.log('\nPurges cost no credits (Netlify API calls); renders are compute: 10 credits per GB-hour.')
  console.log(`(simulated in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
} finally {
  await closeDb()
  await server.remove()
}
