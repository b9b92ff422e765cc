import { asc, desc, eq, or, sql } from 'drizzle-orm'
import type { ClassifiedCar, ParsedLap, ParsedSession } from '../../lib/results/types.ts'
import { lapDriverKey } from '../../lib/race-points.ts'
import { db } from '../db/client.ts'
import { raceLaps, raceSessions, standingsSets } from '../db/schema.ts'
import { markChanged } from '../cdn/outbox.ts'
import type { Tx } from '../revisions/keep.ts'

/** Laps per INSERT: each column travels as one array, so a statement has 9 parameters whatever its size. */
const LAPS_PER_STATEMENT = 5000

export interface ImportedSession {
  id: number
  setId: number | null
  championshipName: string | null
  round: number | null
  fileName: string
  format: string
  sessionType: string
  track: string
  trackVariant: string
  startedAt: Date
  startKnown: boolean
  importedAt: Date
  cars: number
  lapCount: number
}

const sessionColumns = {
  id: raceSessions.id,
  setId: raceSessions.setId,
  championshipName: standingsSets.championshipName,
  round: raceSessions.round,
  fileName: raceSessions.fileName,
  format: raceSessions.format,
  sessionType: raceSessions.sessionType,
  track: raceSessions.track,
  trackVariant: raceSessions.trackVariant,
  startedAt: raceSessions.startedAt,
  startKnown: raceSessions.startKnown,
  importedAt: raceSessions.importedAt,
  cars: sql<number>`jsonb_array_length(${raceSessions.classification})`.mapWith(Number),
  lapCount: raceSessions.lapCount,
}

/** Every imported session, newest first, with the championship it counts for (the admin's list). */
export function listImportedSessions(database: Tx = db()): Promise<ImportedSession[]> {
  return database
    .select(sessionColumns)
    .from(raceSessions)
    .leftJoin(standingsSets, eq(standingsSets.id, raceSessions.setId))
    .orderBy(desc(raceSessions.importedAt), desc(raceSessions.id))
}

export async function findSession(tx: Tx, id: number): Promise<ImportedSession | undefined> {
  const [found] = await tx
    .select(sessionColumns)
    .from(raceSessions)
    .leftJoin(standingsSets, eq(standingsSets.id, raceSessions.setId))
    .where(eq(raceSessions.id, id))
  return found
}

/**
 * The session already imported from this file: the same bytes, or the same session whatever its
 * bytes (its content key, docs/decisions/0424).
 */
export async function findDuplicateSession(
  tx: Tx,
  keys: { fileHash: string; sessionKey: string },
): Promise<(ImportedSession & { fileHash: string }) | undefined> {
  const [found] = await tx
    .select({ ...sessionColumns, fileHash: raceSessions.fileHash })
    .from(raceSessions)
    .leftJoin(standingsSets, eq(standingsSets.id, raceSessions.setId))
    .where(or(eq(raceSessions.fileHash, keys.fileHash), eq(raceSessions.sessionKey, keys.sessionKey)))
    .orderBy(asc(raceSessions.id))
    .limit(1)
  return found
}

/** The sessions a results championship counts, by round: what its table is computed from. */
export function sessionsOfSet(
  tx: Tx,
  setId: number,
): Promise<{ round: number; sessionType: string; classification: ClassifiedCar[] }[]> {
  return tx
    .select({
      round: sql<number>`coalesce(${raceSessions.round}, 1)`.mapWith(Number),
      sessionType: raceSessions.sessionType,
      classification: raceSessions.classification,
    })
    .from(raceSessions)
    .where(eq(raceSessions.setId, setId))
    .orderBy(asc(raceSessions.round), asc(raceSessions.id))
}

/** The highest round imported into a championship (the form suggests the next one). */
export async function lastRoundOf(setId: number): Promise<number> {
  const [row] = await db()
    .select({ max: sql<number | null>`max(${raceSessions.round})` })
    .from(raceSessions)
    .where(eq(raceSessions.setId, setId))
  return Number(row?.max ?? 0)
}

export interface NewSession {
  setId: number | null
  round: number | null
  fileHash: string
  sessionKey: string
  fileName: string
  session: ParsedSession
}

/**
 * Stores a parsed session and its valid laps in the caller's transaction, then marks the personal
 * bests of the drivers it touched. Answers the session's id and the laps stored.
 */
export async function insertSession(tx: Tx, input: NewSession): Promise<{ id: number; laps: number }> {
  const { session } = input
  const valid = session.laps.filter((l) => l.valid)
  const [created] = await tx
    .insert(raceSessions)
    .values({
      setId: input.setId,
      round: input.round,
      fileHash: input.fileHash,
      sessionKey: input.sessionKey,
      fileName: input.fileName,
      format: session.format,
      sessionType: session.sessionType,
      track: session.track,
      trackVariant: session.trackVariant,
      serverName: session.serverName,
      startedAt: session.startedAt,
      startKnown: session.startKnown,
      classification: session.classification,
      lapCount: valid.length,
    })
    .returning({ id: raceSessions.id })
  const id = created!.id
  // Its laps are on /lap-times; its championship's table is written by the caller (recompute).
  await markChanged(tx, ['lap-times'])
  const rows = valid.map((lap: ParsedLap) => ({
    sessionId: id,
    driverName: lap.driverName,
    driverKey: lapDriverKey({ name: lap.driverName, id: lap.driverId }),
    team: lap.team,
    car: lap.car,
    track: session.track,
    lapMs: lap.lapMs,
    lapNumber: lap.lapNumber,
    setAt: lap.setAt,
  }))
  for (let i = 0; i < rows.length; i += LAPS_PER_STATEMENT) {
    await insertLaps(tx, rows.slice(i, i + LAPS_PER_STATEMENT))
  }
  await refreshPersonalBests(tx, groupsOf(rows))
  return { id, laps: rows.length }
}

type LapRow = typeof raceLaps.$inferInsert & { driverKey: string; setAt: Date }

/**
 * One INSERT ... SELECT FROM unnest(arrays) for a batch of laps: a 2-hour race's 3,000 laps go in
 * one statement instead of 27,000 bound values (docs/benchmarks.md: the import's figures).
 */
async function insertLaps(tx: Tx, rows: LapRow[]): Promise<void> {
  // Every column travels as text[]: postgres.js serializes text arrays, and Postgres casts them back.
  const column = (pick: (r: LapRow) => string | number) => sql.param(rows.map((r) => String(pick(r))))
  await tx.execute(sql`
    insert into ${raceLaps} (session_id, driver_name, driver_key, team, car, track, lap_ms, lap_number, set_at)
    select session_id::int, driver_name, driver_key, team, car, track, lap_ms::int, lap_number::int, set_at::timestamptz
    from unnest(
      ${column((r) => r.sessionId)}::text[],
      ${column((r) => r.driverName)}::text[],
      ${column((r) => r.driverKey)}::text[],
      ${column((r) => r.team ?? '')}::text[],
      ${column((r) => r.car)}::text[],
      ${column((r) => r.track)}::text[],
      ${column((r) => r.lapMs)}::text[],
      ${column((r) => r.lapNumber)}::text[],
      ${column((r) => r.setAt.toISOString())}::text[]
    ) as lap(session_id, driver_name, driver_key, team, car, track, lap_ms, lap_number, set_at)
  `)
}

interface LapGroup {
  track: string
  car: string
  driverKey: string
}

function groupsOf(rows: readonly LapGroup[]): LapGroup[] {
  const seen = new Map<string, LapGroup>()
  for (const r of rows) seen.set(`${r.track}\u0000${r.car}\u0000${r.driverKey}`, r)
  return [...seen.values()]
}

/**
 * Marks, in each group (a driver on a track in a car), its fastest lap as the personal best and no
 * other (the earliest when two are equal). Only rows whose mark changes are written.
 */
export async function refreshPersonalBests(tx: Tx, groups: readonly LapGroup[]): Promise<void> {
  if (groups.length === 0) return
  const tracks = sql.param(groups.map((g) => g.track))
  const cars = sql.param(groups.map((g) => g.car))
  const keys = sql.param(groups.map((g) => g.driverKey))
  await tx.execute(sql`
    with g(track, car, driver_key) as (
      select * from unnest(${tracks}::text[], ${cars}::text[], ${keys}::text[])
    ),
    best as (
      select distinct on (l.track, l.car, l.driver_key) l.id
      from ${raceLaps} l join g on l.track = g.track and l.car = g.car and l.driver_key = g.driver_key
      order by l.track, l.car, l.driver_key, l.lap_ms, l.set_at, l.id
    )
    update ${raceLaps} l set personal_best = (l.id in (select id from best))
    from g
    where l.track = g.track and l.car = g.car and l.driver_key = g.driver_key
      and l.personal_best <> (l.id in (select id from best))
  `)
}

/**
 * Deletes an imported session and its laps; the drivers' personal bests are marked again from the
 * laps left. Answers the championship it counted for (null when none), or undefined when there is
 * no such session.
 */
export async function deleteSession(tx: Tx, id: number): Promise<{ setId: number | null } | undefined> {
  const [session] = await tx
    .select({ setId: raceSessions.setId })
    .from(raceSessions)
    .where(eq(raceSessions.id, id))
    .for('update')
  if (!session) return undefined
  const groups = await tx
    .select({ track: raceLaps.track, car: raceLaps.car, driverKey: raceLaps.driverKey })
    .from(raceLaps)
    .where(eq(raceLaps.sessionId, id))
    .groupBy(raceLaps.track, raceLaps.car, raceLaps.driverKey)
  await tx.delete(raceSessions).where(eq(raceSessions.id, id))
  await refreshPersonalBests(tx, groups)
  await markChanged(tx, ['lap-times'])
  return session
}
