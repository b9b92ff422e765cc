import { describe, expect, it } from 'vitest'
import { standingsDifferences } from './standings-compare.ts'

const official = [
  { position: 1, driverName: 'Lando Norris', points: 423 },
  { position: 2, driverName: 'Max Verstappen', points: 421 },
  { position: 3, driverName: 'Oscar Piastri', points: 410 },
  { position: 4, driverName: 'Sergio Pérez', points: 152 },
]

describe('standingsDifferences', () => {
  it('finds nothing when the AI matches, whatever the accents and case', () => {
    const ai = official.map((r) => ({ ...r, driverName: r.driverName.toUpperCase().replace('é', 'e') }))
    expect(standingsDifferences(ai, official)).toEqual([])
  })

  it('names swapped drivers, wrong points, an extra and a missing position in words', () => {
    const ai = [
      { position: 1, driverName: 'Max Verstappen', points: 423 },
      { position: 2, driverName: 'Lando Norris', points: 421 },
      { position: 3, driverName: 'Oscar Piastri', points: 400 },
      { position: 5, driverName: 'Invented Driver', points: 100 },
    ]
    const differences = standingsDifferences(ai, official)
    expect(differences.map((d) => [d.position, d.kind])).toEqual([
      [1, 'driver'],
      [2, 'driver'],
      [3, 'points'],
      [4, 'missing'],
      [5, 'extra'],
    ])
    expect(differences[0]!.text).toBe(
      'P1: the AI has Max Verstappen (423 pts), the official table Lando Norris (423 pts)',
    )
    expect(differences[2]!.text).toBe('P3 Oscar Piastri: the AI has 400 pts, the official table 410 pts')
    expect(differences[4]!.text).toBe('P5: the AI has Invented Driver (100 pts), the official table has no one there')
  })
})
