import { championshipSlug } from '../../lib/calendar.ts'
import { nextEventsBySet } from '../repos/calendar.repo.ts'
import { listStandings, type StandingsSet } from '../repos/standings.repo.ts'

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

/** Every standings set in display order, each with the next session of its calendar. */
export async function listPublicStandings(now = new Date()): Promise<PublicStandingsSet[]> {
  const [sets, next] = await Promise.all([listStandings(), nextEventsBySet(now)])
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
