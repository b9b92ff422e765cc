import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsFolder } from '../../src/server/db/migrate.ts'

/**
 * Sessions imported before race files were read as they are (docs/decisions/0424) keep working: the
 * migrations that add drivers' ids, classes, variants and the session key fill in what can be told
 * from what was stored. Run on an embedded Postgres taken to the migration before them, with rows
 * as the earlier import wrote them.
 */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[]
}
const tags = journal.entries.map((e) => e.tag)
const firstNew = tags.findIndex((t) => t.endsWith('_race_results_as_they_are_and_calendar'))
const run = (db: PGlite, tag: string) => db.exec(readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8'))

let db: PGlite
beforeAll(async () => {
  db = await PGlite.create({ extensions: { pg_trgm } })
  for (const tag of tags.slice(0, firstNew)) await run(db, tag)
  await db.exec(`
    INSERT INTO standings_sets (id, championship_name, source, points_system)
      VALUES (1, 'GT Cup', 'results', '{"positions":[25,18],"fastestLap":0,"pole":0}');
    INSERT INTO race_sessions (id, set_id, round, file_hash, file_name, format, session_type, track, started_at, imported_at, classification, lap_count)
    VALUES
      (1, 1, 1, 'a', '251115_190000_R.json', 'acc', 'race', 'Silverstone 2019', '2025-11-15T19:00:00Z', '2025-11-20T10:00:00Z',
       '[{"position":1,"carNumber":"7","car":"BMW M4 GT3","team":"WRT","drivers":["Ana Lima","Bo Berg"],"laps":2,"totalTimeMs":240000,"bestLapMs":119000,"status":"finished","gridPosition":null}]', 2),
      (2, 1, 2, 'b', 'race.json', 'acc', 'race', 'Silverstone', '2025-11-21T10:00:00.2Z', '2025-11-21T10:00:00Z',
       '[{"position":1,"carNumber":"7","car":"BMW M4 GT3","team":"WRT","drivers":["Ana Lima"],"laps":1,"totalTimeMs":118000,"bestLapMs":118000,"status":"finished","gridPosition":null}]', 1),
      (3, 1, 3, 'c', 'spa.json', 'acc', 'race', 'Spa 2020', '2025-11-22T10:00:00Z', '2025-11-22T10:00:01Z',
       '[]', 0);
    INSERT INTO race_laps (session_id, driver_name, driver_key, car, track, lap_ms, lap_number, set_at, personal_best) VALUES
      (1, 'Ana Lima', 'ana lima', 'BMW M4 GT3', 'Silverstone 2019', 119000, 2, '2025-11-15T19:04:00Z', true),
      (2, 'Ana Lima', 'ana lima', 'BMW M4 GT3', 'Silverstone', 118000, 1, '2025-11-21T10:02:00Z', true);
  `)
  for (const tag of tags.slice(firstNew)) await run(db, tag)
}, 120_000)
afterAll(async () => db?.close())

describe('the race results backfill', () => {
  it('names a circuit once, keeps its year as the variant and marks one personal best per circuit', async () => {
    const sessions = await db.query<{ id: number; track: string; track_variant: string; start_known: boolean }>(
      'SELECT id, track, track_variant, start_known FROM race_sessions ORDER BY id',
    )
    expect(sessions.rows).toEqual([
      { id: 1, track: 'Silverstone', track_variant: '2019', start_known: true },
      { id: 2, track: 'Silverstone', track_variant: '', start_known: false },
      { id: 3, track: 'Circuit de Spa-Francorchamps', track_variant: '2020', start_known: false },
    ])
    const laps = await db.query<{ track: string; lap_ms: number; personal_best: boolean }>(
      'SELECT track, lap_ms, personal_best FROM race_laps ORDER BY lap_ms',
    )
    expect(laps.rows).toEqual([
      { track: 'Silverstone', lap_ms: 118000, personal_best: true },
      { track: 'Silverstone', lap_ms: 119000, personal_best: false },
    ])
  })

  it('gives the stored cars drivers without ids, an unknown class and their position in it', async () => {
    const { rows } = await db.query<{ classification: unknown }>(
      'SELECT classification FROM race_sessions WHERE id = 1',
    )
    expect(rows[0]!.classification).toEqual([
      {
        position: 1,
        carNumber: '7',
        car: 'BMW M4 GT3',
        team: 'WRT',
        drivers: [
          { name: 'Ana Lima', id: null },
          { name: 'Bo Berg', id: null },
        ],
        carClass: '',
        cup: '',
        classPosition: 1,
        laps: 2,
        totalTimeMs: 240000,
        bestLapMs: 119000,
        status: 'finished',
        gridPosition: null,
      },
    ])
    const key = await db.query<{ session_key: string | null }>('SELECT session_key FROM race_sessions')
    expect(key.rows.map((r) => r.session_key)).toEqual([null, null, null])
  })
})
