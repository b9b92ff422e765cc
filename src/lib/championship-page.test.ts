import { describe, expect, it } from 'vitest'
import { championshipPath, classificationLines, roundData, sessionTitle } from './championship-page.ts'
import { championshipJsonLd } from './structured-data.ts'
import type { ClassifiedCar } from './results/types.ts'

const car = (over: Partial<ClassifiedCar>): ClassifiedCar => ({
  position: 1,
  carNumber: '1',
  car: 'BMW M4 GT3',
  carClass: 'GT3',
  cup: '',
  classPosition: 1,
  team: 'Alpha',
  drivers: [{ name: 'Ana Lima', id: null }],
  laps: 30,
  totalTimeMs: 3_600_000,
  bestLapMs: 101_250,
  status: 'finished',
  gridPosition: null,
  ...over,
})

describe("a championship's page (issue 45)", () => {
  it('is at its id and the words of its name', () => {
    expect(championshipPath({ id: 7, championshipName: 'Sim GT Cup – Sprint' })).toBe(
      '/championships/7/sim-gt-cup-sprint',
    )
  })

  it("lists each car with its class position and its gap to its own class's winner", () => {
    const lines = classificationLines([
      car({
        position: 3,
        carNumber: '40',
        carClass: 'GT4',
        classPosition: 1,
        laps: 28,
        totalTimeMs: 3_610_000,
        drivers: [{ name: 'Cy', id: null }],
      }),
      car({ position: 1 }),
      car({
        position: 2,
        carNumber: '2',
        classPosition: 2,
        totalTimeMs: 3_612_345,
        bestLapMs: 100_900,
        drivers: [
          { name: 'Ben', id: null },
          { name: 'Dee', id: null },
        ],
      }),
      car({ position: 4, carNumber: '41', carClass: 'GT4', classPosition: 2, laps: 26, totalTimeMs: 3_650_000 }),
      car({
        position: 5,
        carNumber: '5',
        classPosition: 3,
        laps: 12,
        totalTimeMs: null,
        bestLapMs: null,
        status: 'dnf',
      }),
    ])
    expect(lines.map((l) => [l.position, l.classPosition, l.carClass, l.gap, l.status])).toEqual([
      [1, 1, 'GT3', '1:00:00.000', 'Finished'],
      [2, 2, 'GT3', '+12.345', 'Finished'],
      // GT4's winner is measured against itself, not against the overall winner's laps.
      [3, 1, 'GT4', '1:00:10.000', 'Finished'],
      [4, 2, 'GT4', '+2 laps', 'Finished'],
      [5, 3, 'GT3', '', 'Retired'],
    ])
    expect(lines[1]!.drivers).toBe('Ben, Dee')
    expect(lines[1]!.bestLap).toBe('1:40.900')
    expect(lines[4]!.bestLap).toBe('')
  })

  it('names a session by its round and kind', () => {
    expect(sessionTitle(2, 'race')).toBe('Round 2 · Race')
    expect(sessionTitle(1, 'qualifying')).toBe('Round 1 · Qualifying')
  })
})

describe("a championship's JSON-LD (issue 45: the table and each round)", () => {
  const set = {
    id: 7,
    path: '/championships/7/sim-gt-cup',
    source: 'results',
    sourceUrls: [],
    completedRounds: 2,
    lastUpdated: '2026-11-27T20:00:00Z',
    championshipName: 'Sim GT Cup',
    season: '2026',
    standings: [{ position: 1, driverName: 'Ana Lima', team: 'Alpha', points: 50 }],
  }
  const race = (round: number, classification: ClassifiedCar[]) => ({
    round,
    sessionType: 'race',
    track: 'Monza',
    startedAt: new Date('2026-11-20T19:00:00Z'),
    classification,
  })

  it("gives the table as a Dataset and each round as a SportsEvent with what Google's event rules ask", () => {
    const rounds = [
      race(1, [car({})]),
      race(2, [car({ carClass: 'Hypercar', carNumber: '50' }), car({ position: 2, carNumber: '40', carClass: 'GT3' })]),
    ].map(roundData)
    const graph = championshipJsonLd('https://sim.example', set, rounds)['@graph'] as Record<string, unknown>[]
    expect(graph.map((node) => node['@type'])).toEqual(['Dataset', 'SportsEvent', 'SportsEvent'])
    expect(graph[0]!.url).toBe('https://sim.example/championships/7/sim-gt-cup')
    for (const [i, event] of graph.slice(1).entries()) {
      // Google's required properties: name, startDate (with its offset), location; eventStatus advised.
      expect(event.name).toBe(`Sim GT Cup 2026: Round ${i + 1} · Race`)
      expect(event.startDate).toBe('2026-11-20T19:00:00+00:00')
      expect(event.eventStatus).toBe('https://schema.org/EventScheduled')
      expect(event.location).toEqual({
        '@type': 'VirtualLocation',
        name: 'Monza',
        url: `https://sim.example/championships/7/sim-gt-cup#result-${i + 1}`,
      })
    }
    expect(graph[1]!.description).toBe('Won by #1 Ana Lima.')
    // A race of two classes names each class's winner.
    expect(graph[2]!.description).toBe('Won by #50 Ana Lima (Hypercar); #40 Ana Lima (GT3).')
  })
})
