/**
 * What a refresh did to one championship's table (issue 36: Refresh All replaced four AI tables,
 * one with another season, and said only 'Championships Refreshed'). The job keeps this for each
 * table it wrote; the Championships tab lists it after the run, with each table's History to undo.
 */

interface Row {
  position: number
  driverName: string
  team: string
  points: number
}

export interface TableFacts {
  season: string
  standings: readonly Row[]
}

export interface TableChange {
  seasonBefore: string | null
  seasonAfter: string
  rowsBefore: number
  rowsAfter: number
  /** Places (1st, 2nd...) whose driver, team or points differ, added places and dropped ones included. */
  rowsChanged: number
}

const same = (a: Row | undefined, b: Row | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.position === b.position &&
  a.driverName === b.driverName &&
  a.team === b.team &&
  a.points === b.points

/** The change from the table before (undefined: it did not exist) to the table after. */
export function tableChange(before: TableFacts | undefined, after: TableFacts): TableChange {
  const places = Math.max(before?.standings.length ?? 0, after.standings.length)
  let rowsChanged = 0
  for (let i = 0; i < places; i++) if (!same(before?.standings[i], after.standings[i])) rowsChanged++
  return {
    seasonBefore: before?.season ?? null,
    seasonAfter: after.season,
    rowsBefore: before?.standings.length ?? 0,
    rowsAfter: after.standings.length,
    rowsChanged,
  }
}

const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`

/**
 * The change in words: 'Season 2025 → 2026; 10 of 10 rows changed.', 'New table: 10 rows.',
 * 'Nothing changed (10 rows).'
 */
export function tableChangeText(change: TableChange): string {
  if (change.seasonBefore === null) return `New table: season ${change.seasonAfter}, ${rows(change.rowsAfter)}.`
  const season =
    change.seasonBefore !== change.seasonAfter ? `Season ${change.seasonBefore} → ${change.seasonAfter}; ` : ''
  if (!season && change.rowsChanged === 0) return `Nothing changed (${rows(change.rowsAfter)}).`
  const count =
    change.rowsBefore !== change.rowsAfter ? `, ${rows(change.rowsBefore)} before, ${change.rowsAfter} now` : ''
  return `${season}${change.rowsChanged} of ${rows(Math.max(change.rowsBefore, change.rowsAfter))} changed${count}.`
}
