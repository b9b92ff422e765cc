import { driverKey } from './race-points.ts'

/**
 * How an AI table differs from the official one (docs/decisions/0420), position by position, so
 * the owner sees it before the AI's table is saved: a different driver, different points, a driver
 * missing from one side.
 */
export interface ComparedRow {
  position: number
  driverName: string
  points: number
}

export interface StandingsDifference {
  position: number
  kind: 'driver' | 'points' | 'missing' | 'extra'
  ai: ComparedRow | null
  official: ComparedRow | null
  /** The difference in words: 'P2: the AI has Lando Norris (377 pts), the official table George Russell (377 pts)'. */
  text: string
}

/** Accents and case do not make two names ('Sergio Pérez' is 'Sergio Perez'). */
const nameKey = (name: string) =>
  driverKey(name)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')

const row = (r: ComparedRow) => `${r.driverName} (${r.points} pts)`

/** The differences over the AI table's positions (the official table is usually longer). */
export function standingsDifferences(
  ai: readonly ComparedRow[],
  official: readonly ComparedRow[],
): StandingsDifference[] {
  const byPosition = new Map(official.map((r) => [r.position, r]))
  const differences: StandingsDifference[] = []
  for (const mine of [...ai].sort((a, b) => a.position - b.position)) {
    const theirs = byPosition.get(mine.position)
    if (!theirs) {
      differences.push({
        position: mine.position,
        kind: 'extra',
        ai: mine,
        official: null,
        text: `P${mine.position}: the AI has ${row(mine)}, the official table has no one there`,
      })
    } else if (nameKey(mine.driverName) !== nameKey(theirs.driverName)) {
      differences.push({
        position: mine.position,
        kind: 'driver',
        ai: mine,
        official: theirs,
        text: `P${mine.position}: the AI has ${row(mine)}, the official table ${row(theirs)}`,
      })
    } else if (mine.points !== theirs.points) {
      differences.push({
        position: mine.position,
        kind: 'points',
        ai: mine,
        official: theirs,
        text: `P${mine.position} ${theirs.driverName}: the AI has ${mine.points} pts, the official table ${theirs.points} pts`,
      })
    }
  }
  const aiPositions = new Set(ai.map((r) => r.position))
  const last = Math.max(0, ...ai.map((r) => r.position))
  for (const theirs of official) {
    if (theirs.position > last || aiPositions.has(theirs.position)) continue
    differences.push({
      position: theirs.position,
      kind: 'missing',
      ai: null,
      official: theirs,
      text: `P${theirs.position}: the official table has ${row(theirs)}, the AI has no one there`,
    })
  }
  return differences.sort((a, b) => a.position - b.position)
}
