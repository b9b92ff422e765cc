import { describe, expect, it } from 'vitest'
import { tableChange, tableChangeText } from './standings-change.ts'

const row = (position: number, driverName: string, points: number) => ({ position, driverName, team: 'Team', points })
const table = (season: string, ...standings: ReturnType<typeof row>[]) => ({ season, standings })

describe('what a refresh changed in a table', () => {
  it('another season and every row: said so', () => {
    const change = tableChange(
      table('2025', row(1, 'A', 400), row(2, 'B', 300)),
      table('2026', row(1, 'C', 25), row(2, 'D', 18)),
    )
    expect(change).toEqual({ seasonBefore: '2025', seasonAfter: '2026', rowsBefore: 2, rowsAfter: 2, rowsChanged: 2 })
    expect(tableChangeText(change)).toBe('Season 2025 → 2026; 2 of 2 rows changed.')
  })

  it('points moved in one place, a place added', () => {
    const change = tableChange(table('2026', row(1, 'A', 25)), table('2026', row(1, 'A', 43), row(2, 'B', 25)))
    expect(tableChangeText(change)).toBe('2 of 2 rows changed, 1 row before, 2 now.')
  })

  it('the same table, and a new one', () => {
    const same = table('2026', row(1, 'A', 25))
    expect(tableChangeText(tableChange(same, same))).toBe('Nothing changed (1 row).')
    expect(tableChangeText(tableChange(undefined, same))).toBe('New table: season 2026, 1 row.')
  })
})
