import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  championshipTable,
  describePointsSystem,
  f1PointsSystem,
  F1_POINTS,
  type ScoredSession,
} from './race-points.ts'
import type { ClassifiedCar, FinishStatus } from './results/types.ts'

const car = (position: number, drivers: string[], extra: Partial<ClassifiedCar> = {}): ClassifiedCar => ({
  position,
  carNumber: String(position),
  car: 'BMW M4 GT3',
  carClass: 'GT3',
  cup: '',
  classPosition: position,
  team: `Team ${drivers[0]}`,
  drivers: drivers.map((name) => ({ name, id: null })),
  laps: 20,
  totalTimeMs: 3_600_000 + position,
  bestLapMs: 100_000 + position,
  status: 'finished',
  gridPosition: null,
  ...extra,
})

const race = (
  round: number,
  names: string[],
  extra: (i: number) => Partial<ClassifiedCar> = () => ({}),
): ScoredSession => ({
  round,
  sessionType: 'race',
  classification: names.map((n, i) => car(i + 1, [n], extra(i))),
})

describe('championshipTable', () => {
  it('gives F1 points by finishing position and sums the rounds', () => {
    const { rows, roundsCounted } = championshipTable(
      [race(1, ['Ana', 'Ben', 'Cy']), race(2, ['Ben', 'Ana', 'Cy'])],
      f1PointsSystem(),
    )
    expect(roundsCounted).toBe(2)
    // 43 each for Ana and Ben: one win each, so the count-back goes to the second places (equal),
    // then the name.
    expect(rows.map((r) => [r.position, r.driverName, r.points, r.wins])).toEqual([
      [1, 'Ana', 43, 1],
      [2, 'Ben', 43, 1],
      [3, 'Cy', 30, 0],
    ])
  })

  it('follows a custom list, scores nothing for retired or disqualified cars and breaks ties by count-back', () => {
    const system = { positions: [10, 6, 4, 3, 2, 1], fastestLap: 0, pole: 0 }
    const statuses: FinishStatus[] = ['finished', 'dnf', 'finished', 'dq']
    const { rows } = championshipTable(
      [race(1, ['Ana', 'Ben', 'Cy', 'Dee'], (i) => ({ status: statuses[i] })), race(2, ['Cy', 'Dee', 'Ana', 'Ben'])],
      system,
    )
    expect(Object.fromEntries(rows.map((r) => [r.driverName, r.points]))).toEqual({ Ana: 14, Cy: 14, Dee: 6, Ben: 3 })
    // Ana and Cy have 14 and one win each; Ana's other finish is 3rd, Cy's is 3rd too: equal, then by name.
    expect(rows[0]!.driverName).toBe('Ana')
  })

  it('adds the fastest-lap bonus to the finished car with the best lap, and pole points from qualifying or the grid', () => {
    const system = f1PointsSystem({ fastestLap: 1, pole: 3 })
    const { rows } = championshipTable(
      [
        // Round 1: Cy (3rd) has the best lap; Ben's retired car had a faster one but scores nothing.
        race(1, ['Ana', 'Ben', 'Cy'], (i) => ({
          bestLapMs: [101_000, 99_000, 100_500][i]!,
          status: i === 1 ? 'dnf' : 'finished',
        })),
        { round: 1, sessionType: 'qualifying', classification: [car(1, ['Ben']), car(2, ['Ana'])] },
        // Round 2 has no qualifying: pole goes to the car that started first.
        race(2, ['Ana', 'Ben', 'Cy'], (i) => ({ gridPosition: [2, 3, 1][i]! })),
        { round: 3, sessionType: 'practice', classification: [car(1, ['Dee'])] },
      ],
      system,
    )
    expect(Object.fromEntries(rows.map((r) => [r.driverName, r.points]))).toEqual({
      Ana: 25 + 25 + 1,
      Ben: 0 + 3 + 18,
      Cy: 15 + 1 + 15 + 3,
    })
    expect(rows.map((r) => r.driverName)).not.toContain('Dee')
  })

  it('credits every driver of a car and keeps one row per driver whatever the spelling', () => {
    const { rows } = championshipTable(
      [
        {
          round: 1,
          sessionType: 'race',
          classification: [car(1, ['Kevin Estre', 'Laurens Vanthoor']), car(2, ['Ana'])],
        },
        { round: 2, sessionType: 'race', classification: [car(1, ['kevin  estre']), car(2, ['Laurens Vanthoor'])] },
      ],
      f1PointsSystem(),
    )
    expect(rows.map((r) => [r.driverName, r.points])).toEqual([
      ['kevin estre', 50],
      ['Laurens Vanthoor', 43],
      ['Ana', 18],
    ])
  })

  it('tells two drivers of one name apart by their ids, and keeps a renamed driver one row under his latest name', () => {
    const jordan = (id: string) => ({ name: 'Jordan', id })
    const { rows } = championshipTable(
      [
        {
          round: 1,
          sessionType: 'race',
          classification: [
            car(1, [], { drivers: [jordan('S1')] }),
            car(2, [], { drivers: [jordan('S2')] }),
            car(3, [], { drivers: [{ name: 'Sam Old', id: 'S3' }] }),
          ],
        },
        {
          round: 2,
          sessionType: 'race',
          classification: [
            car(1, [], { drivers: [{ name: 'Sam New', id: 'S3' }] }),
            car(2, [], { drivers: [jordan('S2')] }),
          ],
        },
      ],
      f1PointsSystem(),
    )
    expect(rows.map((r) => [r.driverName, r.points])).toEqual([
      ['Sam New', 40],
      ['Jordan', 36],
      ['Jordan', 25],
    ])
  })

  it('takes a driver named without an id for the one driver with an id of that name; one who changes car is one driver; two told apart at the import stay two', () => {
    const { rows } = championshipTable(
      [
        { round: 1, sessionType: 'race', classification: [car(1, [], { drivers: [{ name: 'Ana Lima', id: 'S9' }] })] },
        { round: 2, sessionType: 'race', classification: [car(1, ['ana lima'], { car: 'Ferrari 499P' })] },
        {
          round: 3,
          sessionType: 'race',
          classification: [
            car(1, ['Bo'], { car: 'Porsche 963' }),
            car(2, [], { car: 'Toyota GR010', drivers: [{ name: 'Bo', id: null, key: 'bo~2' }] }),
          ],
        },
        { round: 4, sessionType: 'race', classification: [car(1, ['Cy'], { car: 'BMW M4 GT3' })] },
        { round: 5, sessionType: 'race', classification: [car(1, ['Cy'], { car: 'Mercedes-AMG GT3' })] },
      ],
      f1PointsSystem(),
    )
    expect(rows.map((r) => [r.driverName, r.points])).toEqual([
      ['ana lima', 50],
      ['Cy', 50],
      ['Bo', 25],
      ['Bo', 18],
    ])
  })

  it('counts one class in a class championship, by class positions, with its own fastest lap and pole', () => {
    const system = f1PointsSystem({ fastestLap: 1, pole: 3 })
    const mixed = (round: number): ScoredSession => ({
      round,
      sessionType: 'race',
      classification: [
        car(1, ['Hyper A'], { carClass: 'Hypercar', gridPosition: 1, bestLapMs: 90_000 }),
        car(2, ['GT Ana'], { carClass: 'LMGT3', gridPosition: 4, bestLapMs: 101_000 }),
        car(3, ['Hyper B'], { carClass: 'Hypercar', gridPosition: 2, bestLapMs: 91_000 }),
        car(4, ['GT Ben'], { carClass: 'LMGT3', gridPosition: 3, bestLapMs: 100_500 }),
      ],
    })
    const { rows } = championshipTable([mixed(1)], system, { carClass: 'lmgt3' })
    // Ana wins the class (25); Ben second (18), with the class's fastest lap (1) and its pole (3).
    expect(rows.map((r) => [r.driverName, r.points])).toEqual([
      ['GT Ana', 25],
      ['GT Ben', 22],
    ])
    const cups: ScoredSession = {
      round: 1,
      sessionType: 'race',
      classification: [car(1, ['Pro']), car(2, ['Am One'], { cup: 'Am' }), car(3, ['Am Two'], { cup: 'Am' })],
    }
    expect(championshipTable([cups], f1PointsSystem(), { carClass: 'GT3 Am' }).rows.map((r) => r.driverName)).toEqual([
      'Am One',
      'Am Two',
    ])
  })

  it('adds half points without float dust', () => {
    const { rows } = championshipTable([race(1, ['Ana']), race(2, ['Ana']), race(3, ['Ana'])], {
      positions: [0.1],
      fastestLap: 0.2,
      pole: 0,
    })
    expect(rows[0]!.points).toBe(0.9)
  })

  it('describes the system in words', () => {
    expect(describePointsSystem(f1PointsSystem({ fastestLap: 1 }))).toBe(
      'F1 points (25-18-15-12-10-8-6-4-2-1), plus 1 for the fastest lap',
    )
    expect(describePointsSystem({ positions: [10, 5], fastestLap: 0, pole: 2 })).toBe(
      'Points 10-5, plus 2 for pole position',
    )
  })

  const field = fc.uniqueArray(
    fc.constantFrom('Ana', 'Ben', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu'),
    {
      minLength: 1,
      maxLength: 12,
    },
  )
  const status = fc.constantFrom<FinishStatus>('finished', 'finished', 'finished', 'dnf', 'dq')
  const session = fc.record({
    round: fc.integer({ min: 1, max: 5 }),
    names: field,
    statuses: fc.array(status, { minLength: 12, maxLength: 12 }),
  })
  const system = fc.record({
    positions: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 15 }),
    fastestLap: fc.constant(0),
    pole: fc.constant(0),
  })
  const sessionsOf = (list: { round: number; names: string[]; statuses: FinishStatus[] }[]) =>
    list.map((s) => race(s.round, s.names, (i) => ({ status: s.statuses[i] })))

  it('awards exactly the points of the finishers, in a table ordered by points with positions 1..N', () => {
    fc.assert(
      fc.property(fc.array(session, { minLength: 1, maxLength: 6 }), system, (list, sys) => {
        const sessions = sessionsOf(list)
        const { rows, roundsCounted } = championshipTable(sessions, sys)
        const awarded = sessions
          .flatMap((s) => s.classification)
          .filter((c) => c.status === 'finished')
          .reduce((sum, c) => sum + (sys.positions[c.position - 1] ?? 0), 0)
        expect(rows.reduce((sum, r) => sum + r.points, 0)).toBe(awarded)
        expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1))
        for (let i = 1; i < rows.length; i++) expect(rows[i]!.points).toBeLessThanOrEqual(rows[i - 1]!.points)
        expect(roundsCounted).toBe(new Set(list.map((s) => s.round)).size)
      }),
    )
  })

  it('does not depend on the order the sessions were imported in', () => {
    fc.assert(
      fc.property(fc.array(session, { minLength: 1, maxLength: 6 }), system, (list, sys) => {
        const forward = championshipTable(sessionsOf(list), sys).rows
        const backward = championshipTable(sessionsOf([...list].reverse()), sys).rows
        expect(new Map(backward.map((r) => [r.driverName, r.points]))).toEqual(
          new Map(forward.map((r) => [r.driverName, r.points])),
        )
      }),
    )
  })

  it('a single race with F1 points is the F1 list itself', () => {
    fc.assert(
      fc.property(field, (names) => {
        const { rows } = championshipTable([race(1, names)], f1PointsSystem())
        expect(rows.map((r) => r.points)).toEqual(names.map((_, i) => F1_POINTS[i] ?? 0))
      }),
    )
  })
})
