/** Top 3 standings per championship everywhere; up to 4 championships on the home page (spec 000 section 9). */
export const TOP_DRIVERS = 3
export const HOME_CHAMPIONSHIPS = 4

export type PodiumColor = 'gold' | 'silver' | 'bronze' | 'none'

export interface StandingsEntry {
  position: number
  driverName: string
  team: string
  points: number
}

/** The 3 best rows by position (ties keep their given order). */
export function topDrivers<T extends { position: number }>(rows: readonly T[], count = TOP_DRIVERS): T[] {
  return [...rows].sort((a, b) => a.position - b.position).slice(0, count)
}

/** Position badge colours: gold, silver, bronze for positions 1, 2, 3. */
export function podiumColor(position: number): PodiumColor {
  return position === 1 ? 'gold' : position === 2 ? 'silver' : position === 3 ? 'bronze' : 'none'
}

/** Points followed by ' pts' (whole points without decimals). */
export const pointsLabel = (points: number): string => `${Number.isInteger(points) ? points : points.toFixed(1)} pts`

/**
 * Whether a championship has a table to show: a championship just added (a race results one before
 * its first import, official results before the season's first race) has no driver yet, and stays
 * off the public pages, their JSON-LD and the social card until it has (issue 36: it showed as an
 * empty card, '0 rounds counted'). The panel lists it, saying so.
 */
export const hasResults = (set: { standings: readonly unknown[] }): boolean => set.standings.length > 0
