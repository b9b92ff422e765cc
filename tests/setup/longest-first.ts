import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest, with their seconds in a run of Vitest alone on 2026-11-28 (every
 * file of 2 s or more; the ten slowest are printed at the end of every `npm test`): started first,
 * whatever their project, so that no long file starts last and runs alone while the other workers
 * have nothing left to do. The files that mostly wait (the embedded database's restart and crash
 * tests, the hermetic-environment test: they start processes and wait for them) are listed too:
 * unlisted, they came last, as 'unit' files after every 'pooler' one, and the last 30 s of the
 * run had the CPU 20-60% busy (a timeline of each file's start and end, beside 5-second samples
 * of every process's CPU).
 * Vitest's own order puts every file of the 'pooler' project before the 'unit' project's, and a
 * file it has no timing for (every file on a fresh clone) by its size: the benchmarks' smoke run, a
 * short file that runs for 105 s, started among the last and ran alone for about half a minute.
 * A stale figure only moves a file in the queue; a file not listed keeps Vitest's order after these.
 */
const SECONDS: Record<string, number> = {
  'tests/integration/bench-smoke.test.ts': 103,
  'tests/deploy/artifact.test.ts': 54,
  'tests/api/write-fuzz.test.ts': 44,
  'tests/integration/bench-load-scratch.test.ts': 28,
  'tests/integration/database-kill.test.ts': 21,
  'tests/integration/backup-restore-new-machine.test.ts': 20,
  'src/server/routes/admin/auth.test.ts': 20,
  'packages/local-platform/scratch-database.test.ts': 20,
  'src/server/routes/race-results/real-data.test.ts': 19,
  'tests/api/route-protection.test.ts': 16,
  'tests/integration/private-files.test.ts': 15,
  'src/server/routes/backup/backup.test.ts': 14,
  'src/server/routes/ai/ai.test.ts': 14,
  'src/server/features/newsletter/newsletter.test.ts': 14,
  'src/server/features/newsletter/send-digest.test.ts': 13,
  'src/server/routes/two-factor/two-factor.test.ts': 11,
  'tests/integration/embedded-auth.test.ts': 10,
  'src/server/features/audience/analytics.test.ts': 9,
  'src/server/deploys/deploy-budget.test.ts': 9,
  'tests/integration/hermetic-env.test.ts': 8,
  'tests/integration/embedded-restart.test.ts': 8,
  'tests/integration/embedded-crash.test.ts': 8,
  'tests/integration/race-results-backfill.test.ts': 7,
  'tests/integration/database-away.test.ts': 6,
  'src/server/routes/race-results/race-results.test.ts': 6,
  'src/server/routes/championship-sources/championship-sources.test.ts': 6,
  'src/server/scheduler/tick.test.ts': 5,
  'src/server/routes/og/og.test.ts': 5,
  'src/server/features/channels/channels.test.ts': 5,
  'src/server/routes/revisions/revisions.test.ts': 4,
  'src/server/routes/refresh/refresh.test.ts': 4,
  'src/server/routes/backup/backup-streamed.test.ts': 4,
  'src/server/blobs/uploads.test.ts': 4,
  'src/lib/results/real-data.test.ts': 4,
  'src/server/routes/race-results/real-files.test.ts': 3,
  'src/server/routes/ai/ai-budget.test.ts': 3,
  'src/server/features/calendar/calendar.test.ts': 3,
  'packages/local-platform/database-supervisor.test.ts': 3,
  'tests/integration/supabase-data-api.test.ts': 2,
  'src/server/routes/news/news.test.ts': 2,
  'src/server/routes/games/games.admin.test.ts': 2,
  'src/server/cdn/purger.test.ts': 2,
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = process.cwd()
    const seconds = (file: TestSpecification) => SECONDS[path.relative(root, file.moduleId)] ?? 0
    const ordered = await super.sort(files)
    return ordered
      .map((file, index) => ({ file, index }))
      .sort((a, b) => seconds(b.file) - seconds(a.file) || a.index - b.index)
      .map(({ file }) => file)
  }
}
