/**
 * npm run results:import -- <file> [<file>...] --championship "<name>" [--round <n>]: imports race
 * result files (ACC .json, LMU / rFactor 2 .xml) into a championship built from race results, as
 * the Championships tab's Import Race Results does (docs/decisions/0421). With --round every file
 * counts for that round (a qualifying and its race); without it each file is the next round. Each
 * file is imported in its own transaction: a file refused (unreadable, already imported) changes
 * nothing and is reported; the others go in.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

const usage = `Usage: npm run results:import -- <file> [<file>...] --championship "<name>" [--round <n>]

Imports race result files (ACC .json; LMU, rFactor 2 and rFactor .xml) into a championship built
from race results, as Admin > Championships > Import Race Results does.

  --championship "<name>"  the championship, by its name
  --round <n>              the round every file counts for (a qualifying and its race);
                           without it each file is the next round
  --help                   prints this`
let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>
const options = {
  championship: { type: 'string' },
  round: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const
try {
  parsed = parseArgs({ options, allowPositionals: true })
} catch (error) {
  // An unknown option or one without its value: the reason and the usage, never a stack trace.
  console.error(`${(error as Error).message}\n\n${usage}`)
  process.exit(2)
}
const { values, positionals } = parsed
if (values.help) {
  console.log(usage)
  process.exit(0)
}
const round = values.round === undefined ? undefined : Number(values.round)
if (
  positionals.length === 0 ||
  !values.championship ||
  (round !== undefined && !(Number.isInteger(round) && round >= 1 && round <= 1000))
) {
  console.error(usage)
  process.exit(2)
}

// The site's modules only once the arguments are right: --help answers at once.
const { appendAudit } = await import('../src/server/audit/audit.ts')
const { closeDb } = await import('../src/server/db/client.ts')
const { ApiError } = await import('../src/server/http/errors.ts')
const { platformFromEnv } = await import('../src/server/platform-from-env.ts')
const { lastRoundOf } = await import('../src/server/repos/race-sessions.repo.ts')
const { findStandingsSetByName, listStandings } = await import('../src/server/repos/standings.repo.ts')
const { importResultFile } = await import('../src/server/results/import.ts')
const { ensureDatabase } = await import('./local-platform/database.ts')

const database = await ensureDatabase()
let code = 0
try {
  const set = await findStandingsSetByName(values.championship)
  if (!set || set.source !== 'results') {
    const choices = (await listStandings()).filter((s) => s.source === 'results').map((s) => `"${s.championshipName}"`)
    throw new ApiError(
      404,
      `No championship built from race results is named "${values.championship}". ${choices.length ? `Those there are: ${choices.join(', ')}.` : 'Add one in Admin > Championships > Championship Sources.'}`,
    )
  }
  let imported = 0
  for (const file of positionals) {
    const target = round ?? (await lastRoundOf(set.id)) + 1
    try {
      const outcome = await importResultFile({
        bytes: new Uint8Array(readFileSync(file)),
        fileName: path.basename(file),
        championshipId: set.id,
        round: target,
      })
      imported++
      const summary = `Imported ${outcome.track} ${outcome.sessionType} (${outcome.format}) as round ${target} of ${outcome.championshipName}: ${outcome.cars} cars, ${outcome.laps} valid laps`
      await appendAudit({
        method: 'CLI',
        route: 'npm run results:import',
        entity: 'standings',
        entityId: set.id,
        summary,
      })
      console.log(`${file}: ${summary}.`)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      code = 1
      console.error(`${file}: ${error.message}`)
    }
  }
  // Each import owed the purge of the pages showing standings and laps in its own transaction
  // (src/server/cdn/outbox.ts): sent now when this command has the site's purge token (a
  // deployed site's environment), else by the running site's every-minute scheduler (npm start's too).
  if (imported > 0) {
    const { purger } = platformFromEnv()
    await purger.flush()
    await purger.idle()
  }
} catch (error) {
  if (!(error instanceof ApiError)) throw error
  code = 1
  console.error(error.message)
} finally {
  await closeDb()
  await database.stop()
}
process.exit(code)
