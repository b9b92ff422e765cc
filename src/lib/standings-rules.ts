/** A driver row as the AI answers it, before it is stored. */
export interface StandingsCandidate {
  position: number
  driverName: string
  team: string
  points: number
}

/**
 * Why a generated standings table cannot be stored, or undefined when it can (issue 10):
 * exactly `expected` rows, positions 1..N each once, names non-empty, points never rising
 * from one position to the next.
 */
export function standingsProblem(rows: readonly StandingsCandidate[], expected: number): string | undefined {
  if (rows.length !== expected) return `expected ${expected} drivers, got ${rows.length}`
  const byPosition = [...rows].sort((a, b) => a.position - b.position)
  for (let i = 0; i < byPosition.length; i++) {
    const row = byPosition[i]!
    if (!Number.isInteger(row.position) || row.position !== i + 1) {
      return `positions must be 1 to ${expected}, each once`
    }
    if (row.driverName.trim() === '') return `the driver in position ${row.position} has no name`
    if (!Number.isFinite(row.points) || row.points < 0) return `position ${row.position} has invalid points`
    const previous = byPosition[i - 1]
    if (previous && row.points > previous.points) {
      return `position ${row.position} has more points (${row.points}) than position ${previous.position} (${previous.points})`
    }
  }
  return undefined
}
