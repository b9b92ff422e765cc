import { describe, expect, it } from 'vitest'
import { mergeOwnerEdits, type StoredStandingsRow } from './standings-merge.ts'

const edited = new Date('2026-11-20T10:00:00Z')
const ai = (position: number, driverName: string, points: number) => ({ position, driverName, team: 'T', points })
const row = (
  position: number,
  driverName: string,
  points: number,
  editedAt: Date | null = null,
): StoredStandingsRow => ({
  ...ai(position, driverName, points),
  editedAt,
})

describe('a refresh keeps the owner edits', () => {
  it('replaces nothing when no row was edited', () => {
    const fresh = [ai(2, 'B', 90), ai(1, 'A', 100)]
    expect(mergeOwnerEdits(fresh, [row(1, 'Old', 1)])).toEqual([row(1, 'A', 100), row(2, 'B', 90)])
  })

  it("keeps an edited driver's values where the new table puts that driver", () => {
    const stored = [row(1, 'A', 80), { ...row(2, 'b', 77, edited), team: 'Owner Team' }]
    const fresh = [ai(1, 'B', 100), ai(2, 'A', 95), ai(3, 'C', 50)]
    expect(mergeOwnerEdits(fresh, stored)).toEqual([
      { position: 1, driverName: 'b', team: 'Owner Team', points: 77, editedAt: edited },
      row(2, 'A', 95),
      row(3, 'C', 50),
    ])
  })

  it('keeps a corrected name at its position when the AI still has the old spelling', () => {
    const stored = [row(1, 'Max Verstappen', 300, edited)]
    const fresh = [ai(1, 'Max Verstapen', 310), ai(2, 'Lando Norris', 290)]
    expect(mergeOwnerEdits(fresh, stored)).toEqual([row(1, 'Max Verstappen', 300, edited), row(2, 'Lando Norris', 290)])
  })

  it('never drops an edit: one that matches nothing goes to the end', () => {
    const stored = [row(5, 'Gone', 10, edited)]
    expect(mergeOwnerEdits([ai(1, 'A', 100), ai(2, 'B', 90)], stored)).toEqual([
      row(1, 'A', 100),
      row(2, 'B', 90),
      row(3, 'Gone', 10, edited),
    ])
  })

  it('matches each AI row to at most one edit', () => {
    const stored = [row(1, 'A', 1, edited), row(2, 'A', 2, edited)]
    const merged = mergeOwnerEdits([ai(1, 'A', 100), ai(2, 'B', 90)], stored)
    expect(merged.map((r) => [r.position, r.driverName, r.points])).toEqual([
      [1, 'A', 1],
      [2, 'A', 2],
    ])
  })
})
