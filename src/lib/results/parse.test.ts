import { describe, expect, it } from 'vitest'
import {
  accDocument,
  accFileName,
  accResultFile,
  lmuResultFile,
  type ResultSession,
} from '../../../tests/helpers/result-files.ts'
import { detectEncoding } from './decode.ts'
import { foreignFileMessage, parseResultFile, ResultFileError } from './parse.ts'

const now = new Date('2026-11-24T12:00:00Z')

const spaRace: ResultSession = {
  track: 'spa',
  type: 'race',
  cars: [
    {
      number: 7,
      car: 'Porsche 992 GT3 R',
      team: 'Manthey',
      drivers: ['Kevin Estre', 'Laurens Vanthoor'],
      laps: [139_800, 138_412, 138_955],
    },
    {
      number: 32,
      car: 'BMW M4 GT3',
      team: 'WRT',
      drivers: ['Charles Weerts'],
      laps: [140_100, 137_999, 139_500],
      invalidLaps: [1],
    },
    { number: 88, car: 'Ferrari 296 GT3', drivers: ['Alessio Rovera'], laps: [] },
  ],
}

const sartheRace: ResultSession = {
  track: 'Circuit de la Sarthe',
  type: 'race',
  startedAt: new Date('2026-11-20T14:00:00Z'),
  cars: [
    {
      number: 50,
      car: 'Ferrari 499P',
      team: 'Ferrari AF Corse',
      drivers: ['Antonio Fuoco'],
      laps: [212_400, 205_117],
      gridPosition: 2,
    },
    {
      number: 6,
      car: 'Porsche 963',
      team: 'Porsche Penske',
      drivers: ['Kévin Estre'],
      laps: [213_000, 206_250],
      invalidLaps: [0],
      gridPosition: 1,
    },
    {
      number: 8,
      car: 'Toyota GR010',
      team: 'Toyota Gazoo Racing',
      drivers: ['Sébastien Buemi'],
      laps: [215_000],
      finishStatus: 'DNF',
    },
  ],
}

const refusal = (bytes: Uint8Array, fileName?: string) => {
  try {
    parseResultFile(bytes, { now, fileName })
  } catch (error) {
    expect(error).toBeInstanceOf(ResultFileError)
    return (error as Error).message
  }
  throw new Error('the file was read')
}

describe('ACC result files', () => {
  it('reads the UTF-16LE file the server writes: track, type, classification in order, laps with validity', () => {
    const session = parseResultFile(accResultFile(spaRace), {
      now,
      fileName: accFileName(new Date('2026-11-22T19:30:00Z'), 'race'),
    })
    expect(session).toMatchObject({ format: 'acc', sessionType: 'race', track: 'Circuit de Spa-Francorchamps' })
    expect(session.startedAt.toISOString()).toBe('2026-11-22T19:30:00.000Z')
    expect(session.classification.map((c) => [c.position, c.drivers, c.car, c.bestLapMs, c.status])).toEqual([
      [1, ['Kevin Estre', 'Laurens Vanthoor'], 'Porsche 992 GT3 R', 138_412, 'finished'],
      [2, ['Charles Weerts'], 'BMW M4 GT3', 139_500, 'finished'],
      [3, ['Alessio Rovera'], 'Ferrari 296 GT3', null, 'dns'],
    ])
    expect(session.laps).toHaveLength(6)
    expect(session.laps.filter((l) => !l.valid).map((l) => [l.driverName, l.lapMs])).toEqual([
      ['Charles Weerts', 137_999],
    ])
    // Drivers take turns in the car; each lap is the driver's who drove it.
    expect(session.laps.slice(0, 3).map((l) => l.driverName)).toEqual([
      'Kevin Estre',
      'Laurens Vanthoor',
      'Kevin Estre',
    ])
    // A lap is set when the car's laps so far have been run.
    expect(session.laps[1]!.setAt.toISOString()).toBe(
      new Date(Date.parse('2026-11-22T19:30:00Z') + 139_800 + 138_412).toISOString(),
    )
  })

  it('reads the same file saved as UTF-8, and without a file name the import time is the start', () => {
    const session = parseResultFile(accResultFile(spaRace, 'utf-8'), { now })
    expect(session.classification).toHaveLength(3)
    expect(session.startedAt).toEqual(now)
  })

  it('reads UTF-16LE without a byte order mark, and UTF-16BE', () => {
    const le = accResultFile(spaRace).subarray(2)
    expect(detectEncoding(le).encoding).toBe('utf-16le')
    expect(parseResultFile(le, { now }).track).toBe('Circuit de Spa-Francorchamps')
    const be = Buffer.from(Buffer.from(JSON.stringify(accDocument(spaRace)), 'utf16le').swap16())
    expect(parseResultFile(new Uint8Array(Buffer.concat([Buffer.from([0xfe, 0xff]), be])), { now }).laps).toHaveLength(
      6,
    )
  })

  it('refuses a truncated file in words, in UTF-16 and in UTF-8', () => {
    const whole = accResultFile(spaRace)
    expect(refusal(whole.subarray(0, Math.floor(whole.length / 2) | 1))).toMatch(/ends in the middle of a character/)
    expect(refusal(whole.subarray(0, 2000))).toMatch(
      /^The JSON file is damaged or incomplete \(.+\)\. Was it cut short\?$/,
    )
    expect(refusal(accResultFile(spaRace, 'utf-8').subarray(0, 500))).toMatch(/damaged or incomplete/)
  })

  it('refuses JSON of another kind and an ACC file without what it needs', () => {
    expect(refusal(new TextEncoder().encode('{"name":"simracing-hub","version":"1.0.0"}'))).toBe(
      'This JSON file is not an ACC result file: it has no sessionResult.',
    )
    const noLines = { ...accDocument(spaRace), sessionResult: { leaderBoardLines: [] } }
    expect(refusal(new TextEncoder().encode(JSON.stringify(noLines)))).toBe(
      'The ACC result file has no cars in its classification.',
    )
    const noTrack = { ...accDocument(spaRace), trackName: '' }
    expect(refusal(new TextEncoder().encode(JSON.stringify(noTrack)))).toMatch(
      /trackName is missing or of the wrong kind/,
    )
    const badType = { ...accDocument(spaRace), sessionType: 'X' }
    expect(refusal(new TextEncoder().encode(JSON.stringify(badType)))).toBe(
      'The ACC session type "X" is not R, Q or FP.',
    )
  })
})

describe('LMU / rFactor 2 result files', () => {
  it('reads the race: venue, start, classification with statuses and grid, timed laps only', () => {
    const session = parseResultFile(lmuResultFile(sartheRace), { now })
    expect(session).toMatchObject({ format: 'lmu', sessionType: 'race', track: 'Circuit de la Sarthe' })
    expect(session.startedAt.toISOString()).toBe('2026-11-20T14:00:00.000Z')
    expect(session.classification.map((c) => [c.drivers[0], c.team, c.status, c.gridPosition, c.bestLapMs])).toEqual([
      ['Antonio Fuoco', 'Ferrari AF Corse', 'finished', 2, 205_117],
      ['Kévin Estre', 'Porsche Penske', 'finished', 1, 206_250],
      ['Sébastien Buemi', 'Toyota Gazoo Racing', 'dnf', 3, 215_000],
    ])
    // The lap without a time ('--.----') is left out; every other lap is kept, with its end time.
    expect(session.laps.map((l) => [l.driverName, l.lapNumber, l.lapMs])).toEqual([
      ['Antonio Fuoco', 1, 212_400],
      ['Antonio Fuoco', 2, 205_117],
      ['Kévin Estre', 2, 206_250],
      ['Sébastien Buemi', 1, 215_000],
    ])
    expect(session.laps[1]!.setAt.toISOString()).toBe(
      new Date(Date.parse('2026-11-20T14:00:00Z') + 212_400 + 205_117).toISOString(),
    )
  })

  it('keeps names with entities whole', () => {
    const session = parseResultFile(
      lmuResultFile({ ...sartheRace, cars: [{ ...sartheRace.cars[0]!, team: 'Smith & Sons <Racing>' }] }),
      { now },
    )
    expect(session.classification[0]!.team).toBe('Smith & Sons <Racing>')
  })

  it('refuses a truncated file, XML of another kind and a file without drivers, in words', () => {
    const whole = lmuResultFile(sartheRace)
    expect(refusal(whole.subarray(0, Math.floor(whole.length * 0.6)))).toMatch(
      /^The XML file is damaged or incomplete: .+ \(line \d+\)\. Was it cut short\?$/,
    )
    expect(
      refusal(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBe('This XML file is not an LMU / rFactor 2 result file: it has no <rFactorXML><RaceResults>.')
    expect(
      refusal(
        new TextEncoder().encode(
          '<rFactorXML><RaceResults><TrackVenue>Monza</TrackVenue><Race></Race></RaceResults></rFactorXML>',
        ),
      ),
    ).toBe('The LMU / rFactor 2 result file has no session with drivers.')
  })
})

describe('files of another kind', () => {
  it('refuses an image, plain text and an empty file with what is wrong', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xd8, 0xc3, 0x28,
    ])
    expect(refusal(png)).toMatch(/is not an ACC result file \(JSON\) or an LMU \/ rFactor 2 result file \(XML\)/)
    expect(refusal(new TextEncoder().encode('Race results: Kevin won.'))).toBe(foreignFileMessage)
    expect(refusal(new Uint8Array())).toBe('The file is empty.')
  })
})
