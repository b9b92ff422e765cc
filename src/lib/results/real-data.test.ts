import { describe, expect, it } from 'vitest'
import {
  expectedReadings,
  realDataBytes,
  realDataFiles,
  type ExpectedCar,
  type ExpectedReading,
} from '../../../tests/helpers/real-data.ts'
import { formatLapMs } from '../lap-time.ts'
import { accCarName } from './acc-cars.ts'
import { parseResultFile, ResultFileError } from './parse.ts'
import { accTrack, lmuTrack } from './tracks.ts'
import type { ClassifiedCar, FinishStatus, ParsedSession, SessionType } from './types.ts'

/**
 * Every result file of ../shared/realdata read as this site reads it, compared with the independent
 * reading beside it (EXPECTED.json): the order, the cars, the drivers, the laps, the best laps, the
 * lap counts, the classes and the finish statuses. The reading says what the file says; the project's
 * rules (docs/decisions/0426) turn the games' words into statuses, written out here.
 */
const now = new Date('2026-11-28T12:00:00Z')
const expected = expectedReadings()
const read = (file: string) =>
  parseResultFile(realDataBytes('realdata', file), { fileName: file.split('/').pop(), now })

const sessionKinds: [RegExp, SessionType][] = [
  [/^(R\d*|Race\d*)$/, 'race'],
  [/^(Q\d*|Qualify\d*)$/, 'qualifying'],
  [/^(FP\d*|Practice\d*)$/, 'practice'],
]
const kindOf = (session: string) => sessionKinds.find(([re]) => re.test(session))?.[1]

/**
 * The status the project's rules give a car the reading describes: a race keeps the game's word
 * ('Finished Normally'; 'DNF', and 'None', a car that did not take the flag: retired, or 'no lap'
 * without one; 'DQ'); qualifying and practice rank by time (a time: classified; laps without one:
 * 'no time'). ACC writes no status: these files' races have every car within 90% of its winner.
 */
function statusOf(car: ExpectedCar, kind: SessionType): FinishStatus | undefined {
  const best = car.bestValidLap ?? car.bestLap ?? null
  if (kind !== 'race') return best ? 'finished' : car.laps > 0 ? 'nt' : 'dns'
  if (car.finishStatus === undefined) return undefined
  if (car.finishStatus === 'DQ') return 'dq'
  if (car.laps === 0) return 'dns'
  return car.finishStatus === 'Finished Normally' ? 'finished' : 'dnf'
}

/** What the reading says of a car, in the shape this site reads it. */
function fromReading(car: ExpectedCar, kind: SessionType) {
  const status = statusOf(car, kind)
  return {
    position: car.position,
    carNumber: car.carNumber,
    car: car.carModel !== undefined ? accCarName(car.carModel) : car.car,
    drivers: car.drivers,
    laps: car.laps,
    bestLap: car.bestValidLap ?? car.bestLap ?? null,
    ...(car.carClass !== undefined ? { carClass: car.carClass, classPosition: Number(car.classPosition) } : {}),
    ...(car.grid !== undefined ? { grid: car.grid === '' ? null : Number(car.grid) } : {}),
    ...(status ? { status } : {}),
  }
}

/** The same of a car as read here. */
function fromSite(car: ClassifiedCar, like: ReturnType<typeof fromReading>) {
  return {
    position: car.position,
    carNumber: car.carNumber,
    car: car.car,
    drivers: car.drivers.map((d) => d.name),
    laps: car.laps,
    bestLap: car.bestLapMs === null ? null : formatLapMs(car.bestLapMs),
    ...('carClass' in like ? { carClass: car.carClass, classPosition: car.classPosition } : {}),
    ...('grid' in like ? { grid: car.gridPosition } : {}),
    ...('status' in like ? { status: car.status } : {}),
  }
}

function compare(session: ParsedSession, reading: ExpectedReading) {
  const kind = kindOf(reading.session)
  expect(session.sessionType).toBe(kind)
  const track = reading.kind === 'acc' ? accTrack(reading.track) : lmuTrack(reading.track, '')
  expect(session.track).toBe(track.track)
  const readingCars = reading.classification.map((c) => fromReading(c, kind!))
  expect(session.classification.map((c, i) => fromSite(c, readingCars[i]!))).toEqual(readingCars)
  if (reading.kind === 'acc') {
    // ACC: every entry of `laps`, and those valid for the best.
    expect(session.laps.length + session.lapsWithoutTime).toBe(reading.lapsInFile)
    expect(session.laps.filter((l) => l.valid)).toHaveLength(reading.lapsValidOrTimed)
  } else {
    // rFactor 2: every <Lap>, and those with a time.
    expect(session.laps.length + session.lapsWithoutTime).toBe(reading.lapsInFile)
    expect(session.laps).toHaveLength(reading.lapsValidOrTimed)
  }
}

describe('the real result files of ../shared/realdata, read as their independent reading reads them', () => {
  const files = Object.keys(expected)

  it('has a reading for every result file there, and a file for every reading', () => {
    expect(realDataFiles('realdata')).toEqual([...files].sort())
    expect(files).toHaveLength(19)
  })

  for (const file of files) {
    it(file, () => compare(read(file), expected[file]!))
  }
})

describe('the real result files of ../shared/realdata-2 and realdata-3: what holds without their reading', () => {
  const NO_TIME = 2_147_483_647
  const refused: Record<string, RegExp> = {
    // Re-saved by an editor between the UTF-16 characters: not as the server wrote it.
    'simdesk/221012_215932_R.json':
      /^The file mixes two encodings \(line 2\): .*upload the file as the game server wrote it/,
    // A qualifying nobody joined: the server still writes its file.
    'simdesk/221018_194925_Q.json':
      /^The ACC result file has no cars in its classification: nobody drove in this qualifying/,
  }

  for (const set of ['realdata-2', 'realdata-3'] as const) {
    for (const file of realDataFiles(set)) {
      it(`${set}/${file}`, () => {
        const bytes = realDataBytes(set, file)
        const options = { fileName: file.split('/').pop(), now }
        if (refused[file]) {
          expect(() => parseResultFile(bytes, options)).toThrow(ResultFileError)
          expect(() => parseResultFile(bytes, options)).toThrow(refused[file])
          return
        }
        const session = parseResultFile(bytes, options)
        expect(session.classification.length).toBeGreaterThan(0)
        // No 'no time' (ACC's 2147483647, rF2's dashes) is a time, a lap or a best lap.
        for (const car of session.classification) {
          for (const ms of [car.totalTimeMs, car.bestLapMs]) {
            if (ms !== null) expect(ms).toBeLessThan(24 * 60 * 60 * 1000)
          }
        }
        expect(session.laps.every((l) => l.lapMs > 0 && l.lapMs < NO_TIME)).toBe(true)
        // Positions 1..n; in each class 1..k in the overall order.
        expect(session.classification.map((c) => c.position)).toEqual(session.classification.map((_, i) => i + 1))
        if (session.sessionType !== 'race') return
        // Each class's winner is classified, unless nobody of the class finished (a class of one
        // staff entry, a test race where both cars retired).
        const classes = new Map<string, ClassifiedCar[]>()
        for (const car of session.classification) classes.set(car.carClass, [...(classes.get(car.carClass) ?? []), car])
        for (const [carClass, cars] of classes) {
          const finishers = cars.filter((c) => c.status === 'finished')
          if (finishers.length === 0) continue
          expect([carClass, cars[0]!.status, cars[0]!.classPosition]).toEqual([carClass, 'finished', 1])
          // Classified cars first, each class in order of laps run.
          expect(cars.slice(0, finishers.length)).toEqual(finishers)
          const laps = finishers.map((c) => c.laps)
          expect(laps).toEqual([...laps].sort((a, b) => b - a))
        }
      })
    }
  }
})

describe('the games rules on what the real files say', () => {
  const readFrom = (set: 'realdata' | 'realdata-2' | 'realdata-3', file: string) =>
    parseResultFile(realDataBytes(set, file), { fileName: file.split('/').pop(), now })
  const car = (session: ParsedSession, number: string) => {
    const found = session.classification.filter((c) => c.carNumber === number)
    expect(found).toHaveLength(1)
    const c = found[0]!
    return [c.status, c.carClass, c.classPosition, c.laps]
  }

  it('measures the 90% rule against each class winner: GT4 cars 2 laps down on theirs are classified', () => {
    // MARKracing Kyalami: the GT3 winner ran 209 laps, the GT4 winner 189.
    const kyalami = readFrom('realdata-2', 'simdesk/221008_224809_R.json')
    expect(car(kyalami, '392')).toEqual(['finished', 'GT4', 1, 189])
    expect(car(kyalami, '117')).toEqual(['finished', 'GT4', 3, 187])
    expect(car(kyalami, '32')).toEqual(['finished', 'GT4', 4, 187])
    expect(car(kyalami, '90')).toEqual(['dnf', 'GT4', 5, 93])
    // ThePitCrew's three classes known only from the car models: #54 stopped after 27 of 38 laps.
    const pitCrew = readFrom('realdata-3', 'racectl/201002_211430_R.json')
    expect(car(pitCrew, '54')[0]).toBe('dnf')
    expect(pitCrew.classification.filter((c) => c.carClass === 'CUP').map((c) => c.status)).toEqual(['finished'])
  })

  it('calls a car that retired retired, whatever ACC says of the stops it never reached; -1 is no stop due', () => {
    const silverstone = readFrom('realdata', 'acc/simresults_race.to.fix.positions.json')
    // missingMandatoryPitstop 1 on cars that stopped after 12, 6, 5, 3 and 1 of 30 laps.
    for (const number of ['762', '59', '17', '60', '808']) expect(car(silverstone, number)[0]).toBe('dnf')
    const pitCrew = readFrom('realdata-3', 'racectl/201002_211430_R.json')
    expect(car(pitCrew, '52')[0]).toBe('finished')
    expect(car(pitCrew, '61')[0]).toBe('finished')
  })

  it("reads LMU's FinishStatus: 'None' did not take the flag, 'DQ' is disqualified", () => {
    const algarve = readFrom('realdata-2', 'lmu-pitwall/2026_03_14_15_10_16-80R1.xml')
    // #21 stopped after 16 of its class winner's 25 laps.
    expect(car(algarve, '21')).toEqual(['dnf', 'LMP2_ELMS', 12, 16])
    const silverstone = readFrom('realdata-3', 'oofs/2025_11_20_21_52_46-41R1.xml')
    expect(car(silverstone, '444')[0]).toBe('dq')
    expect(silverstone.classification.at(-1)!.carNumber).toBe('444')
  })

  it('ranks a qualifying by time, then the cars without one in the order of the file, with no time as no time', () => {
    const misano = readFrom('realdata-2', 'cmsracing/misanoRace2-q.json')
    const untimed = misano.classification.filter((c) => c.bestLapMs === null)
    expect(untimed.map((c) => [c.carNumber, c.status])).toEqual([
      ['914', 'dns'],
      ['7', 'dns'],
      ['777', 'dns'],
      ['42', 'nt'],
      ['77', 'nt'],
      ['64', 'nt'],
      ['207', 'nt'],
      ['531', 'nt'],
      ['99', 'nt'],
      ['913', 'nt'],
      ['4', 'nt'],
    ])
    expect(misano.classification.slice(-untimed.length)).toEqual(untimed)
  })

  it("stores ACC's 2147483647 as no time, and counts rF2's dashed laps as laps without a time", () => {
    const file = 'cmsracing/misanoRace2-r.json'
    const raw = JSON.parse(new TextDecoder('utf-16le').decode(realDataBytes('realdata-2', file))) as {
      sessionResult: { leaderBoardLines: { car: { raceNumber: number }; timing: { totalTime: number } }[] }
    }
    const noTotal = raw.sessionResult.leaderBoardLines.filter((l) => l.timing.totalTime === 2_147_483_647)
    expect(noTotal.length).toBeGreaterThan(0)
    const misano = readFrom('realdata-2', file)
    for (const l of noTotal) {
      const c = misano.classification.find((x) => x.carNumber === String(l.car.raceNumber))!
      expect([c.carNumber, c.totalTimeMs]).toEqual([String(l.car.raceNumber), null])
    }
    const barcelona = readFrom('realdata-2', 'lmu-stats/2026_04_06_23_02_34-60Q1.xml')
    expect(barcelona.lapsWithoutTime).toBeGreaterThan(40)
  })
})
