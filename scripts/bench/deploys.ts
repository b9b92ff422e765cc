/**
 * `npm run bench:deploys`: 30 days of a site owner's typical use (5 edits a day, the daily standings
 * refresh, the day's AI drafts published each morning) against the real publish path, in a scratch
 * embedded database, with a fake build hook on 127.0.0.1 that counts its calls and a simulated
 * clock (scripts/local-platform/deploy-simulation.ts). Prints the production deploys and their credits
 * (decision 0204). Options: --budget=N (monthly deploy budget; default 20).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startEmbeddedServer } from '../local-platform/embedded-db.ts'
import { assertScratchDatabase, markScratchDatabase } from '../local-platform/scratch-database.ts'

const budgetOption = process.argv.find((a) => a.startsWith('--budget='))?.slice('--budget='.length)
const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-deploys-'))
const server = await startEmbeddedServer({ dataDir: path.join(scratch, 'pglite'), port: 0 })
const url = `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`
const marked = await markScratchDatabase(url)
// Imported after DATABASE_URL is set: the env module reads it once.
process.env.DATABASE_URL = url
const { runMigrations } = await import('../../src/server/db/migrate.ts')
const { closeDb, db, rawSql } = await import('../../src/server/db/client.ts')
const { publishState } = await import('../../src/server/db/schema.ts')
const { simulateMonth, typicalMonth } = await import('../local-platform/deploy-simulation.ts')
try {
  await assertScratchDatabase(rawSql(), marked)
  await runMigrations()
  if (budgetOption) {
    await db()
      .insert(publishState)
      .values({ id: 1, monthlyDeployBudget: Number(budgetOption) })
      .onConflictDoUpdate({ target: publishState.id, set: { monthlyDeployBudget: Number(budgetOption) } })
  }
  const started = performance.now()
  const month = await simulateMonth(typicalMonth)
  console.log(
    `\n30 days, ${typicalMonth.ownerEditsPerDay} owner edits a day + daily standings + daily published news ` +
      `(${month.writes} writes), monthly deploy budget ${budgetOption ?? 20}:\n`,
  )
  console.log('| build hook calls | deploys | credits | longest wait for a deploy |')
  console.log('| --- | --- | --- | --- |')
  console.log(`| ${month.hookCalls} | ${month.deploys} | ${month.credits} | ${month.longestWaitHours.toFixed(1)} h |`)
  console.log(`\n(simulated in ${((performance.now() - started) / 1000).toFixed(1)} s)`)
} finally {
  await closeDb()
  await server.stop()
  rmSync(scratch, { recursive: true, force: true })
}
