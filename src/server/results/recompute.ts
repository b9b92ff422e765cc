import { eq } from 'drizzle-orm'
import { championshipTable, type PointsSystem } from '../../lib/race-points.ts'
import type { SessionType } from '../../lib/results/types.ts'
import { standingsSets } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { sessionsOfSet } from '../repos/race-sessions.repo.ts'
import { writeStandingsTable } from '../repos/standings.repo.ts'
import type { ChangeBy, Snapshot, Tx } from '../revisions/keep.ts'

/**
 * A results championship's table computed again from every session imported into it, with its
 * points system (src/lib/race-points.ts), in the caller's transaction; the rounds counted become
 * its completed rounds; a class championship counts its class only (docs/decisions/0424). The version
 * it replaces is kept (`replaced` when the caller changed the rounds first).
 */
export async function recomputeResultsTable(
  tx: Tx,
  setId: number,
  now: Date,
  by: ChangeBy,
  replaced?: Snapshot,
): Promise<void> {
  const [set] = await tx
    .select({
      source: standingsSets.source,
      pointsSystem: standingsSets.pointsSystem,
      carClass: standingsSets.carClass,
    })
    .from(standingsSets)
    .where(eq(standingsSets.id, setId))
  if (!set) throw new ApiError(404, 'Championship not found')
  if (set.source !== 'results' || !set.pointsSystem) return
  const sessions = await sessionsOfSet(tx, setId)
  const table = championshipTable(
    sessions.map((s) => ({ ...s, sessionType: s.sessionType as SessionType })),
    set.pointsSystem as PointsSystem,
    { carClass: set.carClass },
  )
  await writeStandingsTable(
    tx,
    setId,
    {
      completedRounds: table.roundsCounted,
      standings: table.rows.map(({ wins: _wins, ...row }) => row),
    },
    now,
    by,
    replaced,
  )
}
