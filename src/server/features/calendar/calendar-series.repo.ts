import { and, eq, isNull, notInArray, sql } from 'drizzle-orm'
import { UID_DOMAIN } from '../../../lib/calendar.ts'
import { db } from '../../db/client.ts'
import { calendarEvents, calendarSessions } from '../../db/schema.ts'
import { markChanged } from '../../cdn/outbox.ts'

/**
 * A series' calendar as its schedule gives it (Formula 1 from Jolpica-F1, docs/decisions/0425): its
 * events and sessions keep their UIDs from read to read.
 */
export interface SeriesRace {
  round: number
  name: string
  track: string
  sessions: { kind: string; name: string; startsAt: Date; durationMinutes: number }[]
}

const seriesUid = (series: string, season: string, round: number, kind?: string) =>
  `${series}-${season}-r${round}${kind ? `-${kind}` : ''}@${UID_DOMAIN}`

/**
 * A series' season as its schedule gives it (Formula 1 from Jolpica-F1): each weekend and session
 * keeps its UID from read to read (series, season, round, session), a moved session gets its
 * `sequence` raised, and weekends or sessions no longer in the schedule are removed. Answers whether
 * anything changed.
 */
export async function saveSeriesSeason(
  series: string,
  season: string,
  races: readonly SeriesRace[],
  now = new Date(),
): Promise<boolean> {
  return db().transaction(async (tx) => {
    let changed = false
    const uids: string[] = []
    for (const race of races) {
      const uid = seriesUid(series, season, race.round)
      uids.push(uid)
      const [event] = await tx
        .insert(calendarEvents)
        .values({
          uid,
          source: 'jolpica',
          series,
          season,
          round: race.round,
          name: race.name,
          track: race.track,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: calendarEvents.uid,
          set: { name: race.name, track: race.track, round: race.round, updatedAt: now },
          setWhere: sql`(${calendarEvents.name}, ${calendarEvents.track}) IS DISTINCT FROM (${race.name}, ${race.track})`,
        })
        .returning({ id: calendarEvents.id })
      const eventId =
        event?.id ??
        (await tx.select({ id: calendarEvents.id }).from(calendarEvents).where(eq(calendarEvents.uid, uid)))[0]!.id
      if (event) changed = true
      const sessionUids = race.sessions.map((s) => seriesUid(series, season, race.round, s.kind))
      for (const [i, s] of race.sessions.entries()) {
        const moved = sql`(${calendarSessions.name}, ${calendarSessions.startsAt}, ${calendarSessions.durationMinutes}) IS DISTINCT FROM (${s.name}, ${s.startsAt.toISOString()}::timestamptz, ${s.durationMinutes}::int)`
        const written = await tx
          .insert(calendarSessions)
          .values({
            eventId,
            uid: sessionUids[i]!,
            name: s.name,
            startsAt: s.startsAt,
            durationMinutes: s.durationMinutes,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: calendarSessions.uid,
            set: {
              name: s.name,
              startsAt: s.startsAt,
              durationMinutes: s.durationMinutes,
              sequence: sql`${calendarSessions.sequence} + 1`,
              updatedAt: now,
            },
            setWhere: moved,
          })
          .returning({ id: calendarSessions.id })
        if (written.length) changed = true
      }
      const gone = await tx
        .delete(calendarSessions)
        .where(and(eq(calendarSessions.eventId, eventId), notInArray(calendarSessions.uid, sessionUids)))
        .returning({ id: calendarSessions.id })
      if (gone.length) changed = true
    }
    const dropped = await tx
      .delete(calendarEvents)
      .where(
        and(
          eq(calendarEvents.series, series),
          eq(calendarEvents.season, season),
          uids.length ? notInArray(calendarEvents.uid, uids) : undefined,
        ),
      )
      .returning({ id: calendarEvents.id })
    if (changed || dropped.length > 0) await markChanged(tx, ['calendar'])
    return changed || dropped.length > 0
  })
}

/** The series' events there are (the admin's count). */
export async function countSeriesEvents(series: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.series, series), isNull(calendarEvents.setId)))
  return row?.n ?? 0
}
