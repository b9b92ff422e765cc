import { randomUUID } from 'node:crypto'
import { and, asc, eq, gte, inArray, notInArray, or, sql } from 'drizzle-orm'
import { carDrivers } from '../../../lib/race-points.ts'
import { F1_SERIES_NAME, isF1Championship, UID_DOMAIN } from '../../../lib/calendar.ts'
import type { ClassifiedCar } from '../../../lib/results/types.ts'
import { db } from '../../db/client.ts'
import { calendarEvents, calendarSessions, raceSessions, standingsRows, standingsSets } from '../../db/schema.ts'
import type { Tx } from '../../revisions/keep.ts'
import { changing, markChanged } from '../../cdn/outbox.ts'

/**
 * The race calendar (docs/decisions/0425): the owner's events of each championship and the series
 * events read from a schedule (Formula 1 from Jolpica-F1; written by calendar-series.repo.ts), each
 * with its sessions. UIDs are made once and never change.
 */
export interface CalendarSession {
  id: number
  uid: string
  name: string
  startsAt: Date
  durationMinutes: number
  sequence: number
  updatedAt: Date
}

export interface CalendarEvent {
  id: number
  uid: string
  source: 'owner' | 'jolpica'
  series: string | null
  season: string
  round: number | null
  name: string
  track: string
  setId: number | null
  /** The championship's name, or the series' ('Formula 1'). */
  calendarName: string
  updatedAt: Date
  sessions: CalendarSession[]
  /** The results imported as this round of its championship (its race), when there are. */
  result: { winner: string; cars: number } | null
}

export interface CalendarFilter {
  /** One championship's calendar: its own events, and Formula 1's when it is Formula 1. */
  setId?: number
  /** Only events with a session starting at or after this time. */
  from?: Date
  /**
   * What the public pages and feeds show: a championship still off the site (no result yet,
   * docs/decisions/0517) is off the calendar too, its events with it (issue 42: it was named there).
   */
  publicOnly?: boolean
}

const sessionColumns = {
  id: calendarSessions.id,
  eventId: calendarSessions.eventId,
  uid: calendarSessions.uid,
  name: calendarSessions.name,
  startsAt: calendarSessions.startsAt,
  durationMinutes: calendarSessions.durationMinutes,
  sequence: calendarSessions.sequence,
  updatedAt: calendarSessions.updatedAt,
}

/** Events with their sessions, in the order of their first session; three queries whatever their number. */
export async function listCalendar(filter: CalendarFilter = {}, database: Tx = db()): Promise<CalendarEvent[]> {
  let scope = undefined
  if (filter.setId !== undefined) {
    const [set] = await database
      .select({
        championshipName: standingsSets.championshipName,
        source: standingsSets.source,
        sourceSeries: standingsSets.sourceSeries,
      })
      .from(standingsSets)
      .where(eq(standingsSets.id, filter.setId))
    if (!set) return []
    scope = isF1Championship(set)
      ? or(eq(calendarEvents.setId, filter.setId), eq(calendarEvents.series, 'f1'))
      : eq(calendarEvents.setId, filter.setId)
  }
  const eventIds = filter.from
    ? database
        .select({ id: calendarSessions.eventId })
        .from(calendarSessions)
        .where(gte(calendarSessions.startsAt, filter.from))
    : undefined
  const events = await database
    .select({
      id: calendarEvents.id,
      uid: calendarEvents.uid,
      source: calendarEvents.source,
      series: calendarEvents.series,
      season: calendarEvents.season,
      round: calendarEvents.round,
      name: calendarEvents.name,
      track: calendarEvents.track,
      setId: calendarEvents.setId,
      championshipName: standingsSets.championshipName,
      updatedAt: calendarEvents.updatedAt,
    })
    .from(calendarEvents)
    .leftJoin(standingsSets, eq(standingsSets.id, calendarEvents.setId))
    .where(
      and(
        scope,
        eventIds ? inArray(calendarEvents.id, eventIds) : undefined,
        filter.publicOnly
          ? sql`(${calendarEvents.setId} is null or exists (select 1 from ${standingsRows} r where r.set_id = ${calendarEvents.setId}))`
          : undefined,
      ),
    )
  if (events.length === 0) return []
  const ids = events.map((e) => e.id)
  const sessions = await database
    .select(sessionColumns)
    .from(calendarSessions)
    .where(inArray(calendarSessions.eventId, ids))
    .orderBy(asc(calendarSessions.startsAt), asc(calendarSessions.id))
  const rounds = events.filter((e) => e.setId !== null && e.round !== null)
  const results = rounds.length
    ? await database
        .select({ setId: raceSessions.setId, round: raceSessions.round, classification: raceSessions.classification })
        .from(raceSessions)
        .where(
          and(
            eq(raceSessions.sessionType, 'race'),
            inArray(
              raceSessions.setId,
              rounds.map((e) => e.setId!),
            ),
          ),
        )
        .orderBy(asc(raceSessions.id))
    : []
  const resultOf = (setId: number | null, round: number | null) => {
    const race = results.find((r) => r.setId === setId && r.round === round)
    if (!race || setId === null || round === null) return null
    const cars = race.classification as ClassifiedCar[]
    const winner = cars.find((c) => c.status === 'finished') ?? cars[0]
    return {
      winner: winner
        ? carDrivers(winner)
            .map((d) => d.name)
            .join(' / ')
        : '',
      cars: cars.length,
    }
  }
  const byEvent = new Map<number, CalendarSession[]>()
  for (const { eventId, ...s } of sessions) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), s])
  const first = (e: { id: number }) => byEvent.get(e.id)?.[0]?.startsAt.getTime() ?? Number.MAX_SAFE_INTEGER
  return events
    .map(({ championshipName, ...e }) => ({
      ...e,
      source: e.source as CalendarEvent['source'],
      calendarName: championshipName ?? (e.series === 'f1' ? F1_SERIES_NAME : (e.series ?? '')),
      sessions: byEvent.get(e.id) ?? [],
      result: resultOf(e.setId, e.round),
    }))
    .sort((a, b) => first(a) - first(b) || a.id - b.id)
}

export interface SessionInput {
  /** An existing session of the event (it keeps its UID), or none for a new one. */
  id?: number
  name: string
  startsAt: Date
  durationMinutes: number
}

export interface EventInput {
  setId: number
  name: string
  track: string
  round: number | null
  season: string
  sessions: SessionInput[]
}

const newUid = () => `${randomUUID()}@${UID_DOMAIN}`

/** A new event of a championship, its sessions each with a UID of its own. Answers its id. */
export async function createCalendarEvent(input: EventInput, now = new Date()): Promise<number> {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(calendarEvents)
      .values({
        uid: newUid(),
        setId: input.setId,
        source: 'owner',
        season: input.season,
        round: input.round,
        name: input.name,
        track: input.track,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: calendarEvents.id })
    await tx.insert(calendarSessions).values(
      input.sessions.map((s) => ({
        eventId: created!.id,
        uid: newUid(),
        name: s.name,
        startsAt: s.startsAt,
        durationMinutes: s.durationMinutes,
        updatedAt: now,
      })),
    )
    await markChanged(tx, ['calendar'])
    return created!.id
  })
}

export type UpdateOutcome = 'updated' | 'not-found' | 'not-owners' | 'unknown-session'

/**
 * The owner's edit of an event: a session sent with its id keeps its UID (a moved one gets its
 * `sequence` raised, so subscribers' calendars move it), one sent without is new, one not sent is
 * removed. Only the owner's events are edited here.
 */
export async function updateCalendarEvent(id: number, input: EventInput, now = new Date()): Promise<UpdateOutcome> {
  return db().transaction(async (tx) => {
    const [event] = await tx
      .select({ source: calendarEvents.source })
      .from(calendarEvents)
      .where(eq(calendarEvents.id, id))
      .for('update')
    if (!event) return 'not-found'
    if (event.source !== 'owner') return 'not-owners'
    const existing = await tx.select(sessionColumns).from(calendarSessions).where(eq(calendarSessions.eventId, id))
    const known = new Map(existing.map((s) => [s.id, s]))
    if (input.sessions.some((s) => s.id !== undefined && !known.has(s.id))) return 'unknown-session'
    await tx
      .update(calendarEvents)
      .set({
        setId: input.setId,
        season: input.season,
        round: input.round,
        name: input.name,
        track: input.track,
        updatedAt: now,
      })
      .where(eq(calendarEvents.id, id))
    const kept = input.sessions.filter((s) => s.id !== undefined).map((s) => s.id!)
    await tx
      .delete(calendarSessions)
      .where(and(eq(calendarSessions.eventId, id), kept.length ? notInArray(calendarSessions.id, kept) : undefined))
    for (const s of input.sessions) {
      const before = s.id !== undefined ? known.get(s.id) : undefined
      if (!before) {
        await tx.insert(calendarSessions).values({
          eventId: id,
          uid: newUid(),
          name: s.name,
          startsAt: s.startsAt,
          durationMinutes: s.durationMinutes,
          updatedAt: now,
        })
        continue
      }
      const changed =
        before.name !== s.name ||
        before.startsAt.getTime() !== s.startsAt.getTime() ||
        before.durationMinutes !== s.durationMinutes
      if (!changed) continue
      await tx
        .update(calendarSessions)
        .set({
          name: s.name,
          startsAt: s.startsAt,
          durationMinutes: s.durationMinutes,
          sequence: before.sequence + 1,
          updatedAt: now,
        })
        .where(eq(calendarSessions.id, before.id))
    }
    await markChanged(tx, ['calendar'])
    return 'updated'
  })
}

/** Deletes the owner's event and its sessions; false when there is no such owner's event. */
export async function deleteCalendarEvent(id: number): Promise<boolean> {
  const deleted = await changing(['calendar'], (tx) =>
    tx
      .delete(calendarEvents)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.source, 'owner')))
      .returning({ id: calendarEvents.id }),
  )
  return deleted.length > 0
}

/** The next session of each championship (its own events, and Formula 1's for Formula 1), by id. */
export async function nextEventsBySet(
  now: Date,
): Promise<Map<number, { name: string; track: string; round: number | null; sessionName: string; startsAt: Date }>> {
  const sets = await db()
    .select({
      id: standingsSets.id,
      championshipName: standingsSets.championshipName,
      source: standingsSets.source,
      sourceSeries: standingsSets.sourceSeries,
    })
    .from(standingsSets)
  const rows = await db()
    .select({
      setId: calendarEvents.setId,
      series: calendarEvents.series,
      name: calendarEvents.name,
      track: calendarEvents.track,
      round: calendarEvents.round,
      sessionName: calendarSessions.name,
      startsAt: calendarSessions.startsAt,
    })
    .from(calendarSessions)
    .innerJoin(calendarEvents, eq(calendarEvents.id, calendarSessions.eventId))
    .where(gte(calendarSessions.startsAt, now))
    .orderBy(asc(calendarSessions.startsAt), asc(calendarSessions.id))
  const next = new Map<number, (typeof rows)[number]>()
  for (const set of sets) {
    const f1 = isF1Championship(set)
    const first = rows.find((r) => r.setId === set.id || (f1 && r.series === 'f1'))
    if (first) next.set(set.id, first)
  }
  return next
}

/** Whether a session started in (after, upTo]: the calendar's pages then show another next session. */
export async function sessionStartedBetween(after: Date, upTo: Date): Promise<boolean> {
  const [row] = await db()
    .select({ id: calendarSessions.id })
    .from(calendarSessions)
    .where(
      and(
        sql`${calendarSessions.startsAt} > ${after.toISOString()}::timestamptz`,
        sql`${calendarSessions.startsAt} <= ${upTo.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
  return row !== undefined
}
