import { championshipSlug } from '../../../lib/calendar.ts'
import { hasResults } from '../../../lib/standings.ts'
import { nextEventsBySet } from './calendar.repo.ts'
import { listStandings, type StandingsSet } from '../../repos/standings.repo.ts'

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
  return sets.map((set) => {
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
    }
  })
}
