import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm'
import { formatLapMs } from '../../lib/lap-time.ts'
import { db } from '../db/client.ts'
import { raceLaps, raceSessions, standingsSets } from '../db/schema.ts'

/**
 * The lap records of /api/lap-times and the /lap-times page (docs/decisions/0423): each driver's
 * fastest valid lap per track and car (the laps marked `personalBest` at import), fastest first.
 * The shape `{ track, car, driverName, lapMs, sessionType, setAt, source }` is documented there;
 * `id`, `team`, `lapTime` and `lapTimeMs` stay beside it for the API's earlier users.
 */
export interface LapRecord {
  id: number
  track: string
  car: string
  driverName: string
  team: string
  lapMs: number
  /** m:ss.mmm */
  lapTime: string
  lapTimeMs: number
  sessionType: string
  setAt: Date
  /** The game that wrote the file: acc or lmu. */
  source: string
  championshipName: string | null
}

export interface LapFilter {
  track?: string
  car?: string
  limit: number
  offset: number
}

/**
 * The records: written as the partial indexes' own predicate (`personal_best`, no parameter), so the
 * planner can use them even for a prepared statement's generic plan.
 */
const isRecord = sql`${raceLaps.personalBest}`

const where = (filter: Pick<LapFilter, 'track' | 'car'>): SQL | undefined =>
  and(
    isRecord,
    filter.track ? eq(raceLaps.track, filter.track) : undefined,
    filter.car ? eq(raceLaps.car, filter.car) : undefined,
  )

const recordColumns = {
  id: raceLaps.id,
  track: raceLaps.track,
  car: raceLaps.car,
  driverName: raceLaps.driverName,
  team: raceLaps.team,
  lapMs: raceLaps.lapMs,
  sessionType: raceSessions.sessionType,
  setAt: raceLaps.setAt,
  source: raceSessions.format,
  championshipName: standingsSets.championshipName,
}

const asRecord = (row: Omit<LapRecord, 'lapTime' | 'lapTimeMs'>): LapRecord => ({
  ...row,
  lapTime: formatLapMs(row.lapMs),
  lapTimeMs: row.lapMs,
})

async function pageOf(filter: LapFilter): Promise<LapRecord[]> {
  const rows = await db()
    .select(recordColumns)
    .from(raceLaps)
    .innerJoin(raceSessions, eq(raceSessions.id, raceLaps.sessionId))
    .leftJoin(standingsSets, eq(standingsSets.id, raceSessions.setId))
    .where(where(filter))
    .orderBy(asc(raceLaps.lapMs), asc(raceLaps.id))
    .limit(filter.limit)
    .offset(filter.offset)
  return rows.map(asRecord)
}

/** A page of records, fastest first, and how many records the filter has in all. */
export async function findLapRecords(filter: LapFilter): Promise<{ items: LapRecord[]; total: number }> {
  const [items, [counted]] = await Promise.all([
    pageOf(filter),
    db().select({ n: count() }).from(raceLaps).where(where(filter)),
  ])
  return { items, total: counted?.n ?? 0 }
}

export interface TrackRecords {
  track: string
  /** The cars with a record on this track, by name: the page's car filter. */
  cars: string[]
  /** Records on this track (every car). */
  total: number
  /** The fastest records, every car. */
  records: LapRecord[]
}

/** Records shown per track on /lap-times before a car is chosen. */
export const RECORDS_PER_TRACK = 10

/**
 * Every track with records (by name), its cars and its fastest records: the /lap-times page's data.
 * Two queries whatever the number of tracks (a query per track made the page's data cost 25 ms at
 * p95 with 100,000 laps on the embedded database, which runs one statement at a time).
 */
export async function listTrackRecords(perTrack = RECORDS_PER_TRACK): Promise<TrackRecords[]> {
  const fastest = db()
    .select({
      ...recordColumns,
      rank: sql<number>`row_number() over (partition by ${raceLaps.track} order by ${raceLaps.lapMs}, ${raceLaps.id})`.as(
        'rank',
      ),
    })
    .from(raceLaps)
    .innerJoin(raceSessions, eq(raceSessions.id, raceLaps.sessionId))
    .leftJoin(standingsSets, eq(standingsSets.id, raceSessions.setId))
    .where(isRecord)
    .as('fastest')
  const [tracks, rows] = await Promise.all([
    db()
      .select({
        track: raceLaps.track,
        cars: sql<string[]>`array_agg(distinct ${raceLaps.car} order by ${raceLaps.car})`,
        total: count(),
      })
      .from(raceLaps)
      .where(isRecord)
      .groupBy(raceLaps.track)
      .orderBy(asc(raceLaps.track)),
    db()
      .select()
      .from(fastest)
      .where(sql`${fastest.rank} <= ${perTrack}`)
      .orderBy(asc(fastest.track), asc(fastest.rank)),
  ])
  const byTrack = new Map<string, LapRecord[]>()
  for (const { rank: _rank, ...row } of rows) {
    byTrack.set(row.track, [...(byTrack.get(row.track) ?? []), asRecord(row)])
  }
  return tracks.map((t) => ({ ...t, records: byTrack.get(t.track) ?? [] }))
}
