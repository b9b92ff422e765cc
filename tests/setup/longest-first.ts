import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest, with their seconds in the run of 2026-11-28 (the ten slowest are
 * printed at the end of every `npm test`): started first, whatever their project, so that no
 * minute-long file starts last and runs alone while the other workers have nothing left to do.
 * Vitest's own order puts every file of the 'pooler' project before the 'unit' project's, and a
 * file it has no timing for (every file on a fresh clone) by its size: the benchmarks' smoke run, a
 * short file that runs for 105 s, started among the last and ran alone for about half a minute.
 * A stale figure only moves a file in the queue; a file not listed keeps Vitest's order after these.
 */
const SECONDS: Record<string, number> = {
  'tests/integration/bench-smoke.test.ts': 105,
  'tests/deploy/artifact.test.ts': 65,
  'tests/api/write-fuzz.test.ts': 53,
  'src/server/routes/race-results/real-data.test.ts': 30,
  'tests/integration/bench-load-scratch.test.ts': 28,
  'packages/local-platform/scratch-database.test.ts': 26,
  'src/server/routes/admin/auth.test.ts': 24,
  'tests/integration/database-kill.test.ts': 23,
  'tests/integration/backup-restore-new-machine.test.ts': 20,
  'src/server/features/newsletter/send-digest.test.ts': 13,
  'src/server/routes/ai/ai.test.ts': 13,
  'src/server/features/newsletter/newsletter.test.ts': 13,
  'tests/integration/private-files.test.ts': 12,
  'tests/api/route-protection.test.ts': 12,
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
