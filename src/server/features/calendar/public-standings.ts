import { asc, eq, sql } from 'drizzle-orm'
import { championshipSlug } from '../../../lib/calendar.ts'
import { championshipPath } from '../../../lib/championship-page.ts'
import type { ClassifiedCar } from '../../../lib/results/types.ts'
import { hasResults } from '../../../lib/standings.ts'
import { db } from '../../db/client.ts'
import { raceSessions } from '../../db/schema.ts'
import { listCalendar, nextEventsBySet, type CalendarEvent } from './calendar.repo.ts'
import { getStandingsSet, listStandings, type StandingsSet } from '../../repos/standings.repo.ts'

export interface NextEvent {
  name: string
  track: string
  round: number | null
  sessionName: string
  startsAt: Date
}

/** A standings set as the public pages and `/api/championships-standings` show it, with its next race. */
export interface PublicStandingsSet extends StandingsSet {
  /** The championship's next session (docs/decisions/0425), or null when its calendar has none ahead. */
  nextEvent: NextEvent | null
  /** Its place on /calendar (the anchor of its feed). */
  calendarPath: string
  /** Its own page, with the whole table (docs/decisions/0873). */
  path: string
}

/**
 * Every standings set with results (src/lib/standings.ts `hasResults`) in display order, each with
 * the next session of its calendar. The calendar's own list of feeds asks for every championship
 * (`withoutResults`): a championship's races are on /calendar before its first result.
 */
export async function listPublicStandings(
  now = new Date(),
  { withoutResults = false }: { withoutResults?: boolean } = {},
): Promise<PublicStandingsSet[]> {
  const [all, next] = await Promise.all([listStandings(), nextEventsBySet(now)])
  const sets = withoutResults ? all : all.filter(hasResults)
  return sets.map((set) => publicSet(set, next))
}

/** A set as the public pages show it: its next session, its place on /calendar, its own page. */
function publicSet(set: StandingsSet, next: Awaited<ReturnType<typeof nextEventsBySet>>): PublicStandingsSet {
  const event = next.get(set.id)
  return {
    ...set,
    nextEvent: event
      ? {
          name: event.name,
          track: event.track,
          round: event.round,
          sessionName: event.sessionName,
          startsAt: event.startsAt,
        }
      : null,
    calendarPath: `/calendar#${championshipSlug(set.id, set.championshipName)}`,
    path: championshipPath(set),
  }
}

/** One session of a championship's results, as its page shows it. */
export interface ChampionshipSession {
  round: number
  sessionType: string
  track: string
  startedAt: Date
  classification: ClassifiedCar[]
}

/** A championship's page (docs/decisions/0873): the set with every row, its sessions by round, the calendar ahead. */
export interface ChampionshipPage {
  set: PublicStandingsSet
  sessions: ChampionshipSession[]
  /** The championship's events with a session still ahead, soonest first. */
  ahead: CalendarEvent[]
}

/**
 * One championship as its page shows it, or undefined when it is not on the site (no such set, or
 * one without results yet: it is on no public page, docs/decisions/0517).
 */
export async function publicChampionship(id: number, now = new Date()): Promise<ChampionshipPage | undefined> {
  const set = await getStandingsSet(id)
  if (!set || !hasResults(set)) return undefined
  const [next, sessions, ahead] = await Promise.all([
    nextEventsBySet(now),
    db()
      .select({
        round: sql<number>`coalesce(${raceSessions.round}, 1)`.mapWith(Number),
        sessionType: raceSessions.sessionType,
        track: raceSessions.track,
        startedAt: raceSessions.startedAt,
        classification: raceSessions.classification,
      })
      .from(raceSessions)
      .where(eq(raceSessions.setId, id))
      .orderBy(asc(sql`coalesce(${raceSessions.round}, 1)`), asc(raceSessions.startedAt), asc(raceSessions.id)),
    listCalendar({ setId: id, from: now, publicOnly: true }),
  ])
  return {
    set: publicSet(set, next),
    sessions: sessions.map((s) => ({ ...s, classification: s.classification as ClassifiedCar[] })),
    ahead: ahead.filter((e) => e.sessions.some((session) => session.startsAt.getTime() >= now.getTime())),
  }
}
