import { describe, expect, it } from 'vitest'
import {
  accDocument,
  accFileName,
  accResultFile,
  lmuResultFile,
  type ResultSession,
} from '../../server/demo/result-files.ts'
import { sessionFingerprint } from './classify.ts'
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
    const names = (c: { drivers: { name: string }[] }) => c.drivers.map((d) => d.name)
    expect(session.classification.map((c) => [c.position, names(c), c.car, c.bestLapMs, c.status])).toEqual([
      [1, ['Kevin Estre', 'Laurens Vanthoor'], 'Porsche 992 GT3 R', 138_412, 'finished'],
      [2, ['Charles Weerts'], 'BMW M4 GT3', 139_500, 'finished'],
      [3, ['Alessio Rovera'], 'Ferrari 296 GT3', null, 'dns'],
    ])
    // Each driver with the platform id the server wrote; the class and class position from the file.
    expect(session.classification[0]!.drivers[1]!.id).toMatch(/^S7656119/)
    expect(session.classification.map((c) => [c.carClass, c.classPosition])).toEqual([
      ['GT3', 1],
      ['GT3', 2],
      ['GT3', 3],
    ])
    expect(session.startKnown).toBe(true)
    expect(session.repairs).toEqual([])
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
      'The ACC result file has no cars in its classification: nobody drove in this race (sessionResult.leaderBoardLines is empty), so there is nothing to import. Choose the file of a session that was run.',
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
    expect(
      session.classification.map((c) => [c.drivers[0]!.name, c.team, c.status, c.gridPosition, c.bestLapMs]),
    ).toEqual([
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

describe('malformed and hostile XML', () => {
  const lmuXml = (body: string, prolog = '') =>
    new TextEncoder().encode(
      `<?xml version="1.0"?>\n${prolog}<rFactorXML><RaceResults><TrackVenue>Monza</TrackVenue>${body}</RaceResults></rFactorXML>`,
    )
  const race = (o: { dateTime?: string; lap?: string; et?: string; num?: string; name?: string } = {}) =>
    `<Race><DateTime>${o.dateTime ?? '1764000000'}</DateTime><Driver><Name>${o.name ?? 'Ana Lima'}</Name><Laps>1</Laps>` +
    `<Lap num="${o.num ?? '1'}" et="${o.et ?? '0'}">${o.lap ?? '100.5'}</Lap></Driver></Race>`

  it('reads the document type every LMU / rFactor 2 file opens with, and its plain entities where the file uses them', () => {
    const games = '<!DOCTYPE rF [\n<!ENTITY rFEnt "rFactor Entity">\n]>\n'
    expect(parseResultFile(lmuXml(race(), games), { now }).classification[0]!.drivers[0]!.name).toBe('Ana Lima')
    const used = parseResultFile(lmuXml(race({ name: 'Ana &rFEnt; Lima' }), games), { now })
    expect(used.classification[0]!.drivers[0]!.name).toBe('Ana rFactor Entity Lima')
    // A value is text: markup-like characters in it stay characters.
    const escaped = parseResultFile(lmuXml(race({ name: '&t;' }), "<!DOCTYPE rF [<!ENTITY t 'A > B'>]>\n"), { now })
    expect(escaped.classification[0]!.drivers[0]!.name).toBe('A > B')
    expect(parseResultFile(lmuXml(race(), '<!DOCTYPE rFactorXML>\n'), { now }).laps).toHaveLength(1)
  })

  it('refuses what makes a document type dangerous, naming it, before any entity is read', () => {
    const refused: [string, string, string][] = [
      [
        '<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n',
        '&x;',
        'declares an external entity (<!ENTITY x SYSTEM ...), which would read a file or an address',
      ],
      ['<!DOCTYPE r [<!ENTITY x PUBLIC "-//x" "http://127.0.0.1/x">]>\n', '&x;', 'declares an external entity'],
      ['<!DOCTYPE r SYSTEM "http://127.0.0.1/r.dtd">\n', 'Ana', 'refers to a document outside the file'],
      ['<!DOCTYPE r [<!ENTITY % p SYSTEM "http://127.0.0.1/p"> %p;]>\n', 'Ana', 'declares a parameter entity'],
      [
        `<!DOCTYPE r [<!ENTITY x "${'a'.repeat(11_000)}">]>\n`,
        '&x;',
        'declares the entity x of 11,000 characters: result files declare short plain text entities (at most 1,000)',
      ],
      [
        '<!DOCTYPE r [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n',
        '&b;',
        'declares the entity b built of other entities or markup',
      ],
      [
        `<!DOCTYPE r [<!ENTITY x "${'a'.repeat(900)}">]>\n`,
        '&x;'.repeat(200),
        'declares entities that the file uses to add more than 100,000 characters',
      ],
      ['<!DOCTYPE r [<!ELEMENT r ANY>]>\n', 'Ana', 'declares <!ELEMENT'],
    ]
    for (const [prolog, name, says] of refused) {
      const message = refusal(lmuXml(race({ name }), prolog))
      expect(message).toMatch(/^The XML file's document type \(<!DOCTYPE>, line 2\) /)
      expect(message).toContain(says)
    }
  })

  it('refuses elements nested deeper than a result file nests, however deep, and reads a file within the bound', () => {
    for (const depth of [10_000, 1_000_000]) {
      expect(refusal(lmuXml(race() + '<a>'.repeat(depth) + '</a>'.repeat(depth)))).toBe(
        'The XML file nests its elements more than 32 deep (line 2): LMU / rFactor 2 result files nest about 5 deep.',
      )
    }
    const nested = '<a x="1 > 0">'.repeat(20) + '<b/><!-- <c> --><![CDATA[<d>]]>' + '</a>'.repeat(20)
    expect(parseResultFile(lmuXml(race() + nested), { now }).laps).toHaveLength(1)
  })

  it('turns what the XML parser throws into a refusal in words', () => {
    expect(refusal(lmuXml(race() + '<constructor>1</constructor>'))).toMatch(
      /^The XML file cannot be read: .*constructor.*\.$/,
    )
  })

  it('refuses a session start or lap time that is no date or time, naming the field, the driver and the lap', () => {
    const start = (v: string) =>
      `The session's start (DateTime ${v}) is not a date between 2000 and 2100 in Unix seconds.`
    expect(refusal(lmuXml(race({ dateTime: '1e14' })))).toBe(start('1e14'))
    expect(refusal(lmuXml(race({ dateTime: '100000000000000' })))).toBe(start('100000000000000'))
    expect(refusal(lmuXml(race({ dateTime: '12' })))).toBe(start('12'))
    for (const et of ['1e20', '100000000000000000000', '-9999999']) {
      expect(refusal(lmuXml(race({ et })))).toBe(
        `Lap 1 of Ana Lima starts at et="${et}" seconds into the session: a session lasts at most 7 days.`,
      )
    }
    expect(refusal(lmuXml(race({ lap: '1e9' })))).toBe(
      'Lap 1 of Ana Lima has a time of 1e9 seconds: a lap takes between 1 ms and 24 hours.',
    )
    expect(refusal(lmuXml(race({ lap: '0.0002' })))).toBe(
      'Lap 1 of Ana Lima has a time of 0.0002 seconds: a lap takes between 1 ms and 24 hours.',
    )
    expect(refusal(lmuXml(race({ num: '1.5' })))).toBe(
      'A lap of Ana Lima is numbered num="1.5": a lap number is a whole number from 1 to 1000000.',
    )
    // No date at all (or 0) is not wrong: the import time stands in, as before.
    expect(parseResultFile(lmuXml(race({ dateTime: '' })), { now }).startedAt).toEqual(now)
  })
})

describe('ACC lap times out of range', () => {
  const withLaps = (laps: number[]) => {
    const doc = accDocument({ ...spaRace, cars: [{ ...spaRace.cars[1]!, laps, invalidLaps: [] }] })
    return new TextEncoder().encode(JSON.stringify(doc))
  }

  it('names the field, the driver and the lap of a lap time that cannot be one', () => {
    expect(refusal(withLaps([140_100, 0.3]))).toBe(
      'Lap 2 of Charles Weerts has a time of 0.3 ms (laps[1].laptime): a lap takes between 1 ms and 24 hours.',
    )
    expect(refusal(withLaps([140_100, 100_000_000]))).toBe(
      'Lap 2 of Charles Weerts has a time of 100000000 ms (laps[1].laptime): a lap takes between 1 ms and 24 hours.',
    )
    const week = Array.from({ length: 8 }, () => 23 * 3_600_000)
    expect(refusal(withLaps(week))).toBe(
      "Lap 8 of Charles Weerts ends 184 hours into the session (the car's laps added up, laps[7].laptime): a session lasts at most 7 days.",
    )
    // ACC's 'no time' values are still skipped, not refused.
    expect(parseResultFile(withLaps([140_100, 2_147_483_647, 0]), { now }).laps).toHaveLength(1)
  })
})

describe('rFactor 2 files as the game writes them', () => {
  const gerard: ResultSession = {
    track: 'Circuit de la Sarthe',
    type: 'race',
    startedAt: new Date('2026-11-20T14:00:00Z'),
    cars: [
      { number: 5, car: 'Alpine A424', team: 'Équipe Bleue', drivers: ['Gérard Lefèvre'], laps: [212_400, 205_117] },
      { number: 6, car: 'Porsche 963', team: 'Porsche Penske', drivers: ['Kévin Estre'], laps: [213_000, 206_250] },
    ],
  }
  const xmlOf = (session: ResultSession) => new TextDecoder().decode(lmuResultFile(session))
  /** The file as rFactor 2 writes it: declared UTF-8, names in Windows-1252 (é is the byte 0xE9). */
  const windows1252 = (xml: string) => new Uint8Array(Buffer.from(xml, 'latin1'))

  it('reads names written in Windows-1252 under a UTF-8 declaration, and says so', () => {
    const bytes = windows1252(xmlOf(gerard))
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow()
    const session = parseResultFile(bytes, { now })
    expect(session.classification.map((c) => [c.drivers[0]!.name, c.team])).toEqual([
      ['Gérard Lefèvre', 'Équipe Bleue'],
      ['Kévin Estre', 'Porsche Penske'],
    ])
    expect(session.laps[0]!.driverName).toBe('Gérard Lefèvre')
    expect(session.repairs).toEqual([
      expect.stringMatching(
        /^Read 7 characters that are not UTF-8 as Windows-1252, .* \(first: "Gérard", line \d+\)\.$/,
      ),
    ])
    // UTF-8 and Windows-1252 in one file: each byte is read as what it is.
    const mixed = new Uint8Array([
      ...lmuResultFile(gerard).subarray(0, 200),
      ...windows1252(xmlOf(gerard)).subarray(200),
    ])
    expect(parseResultFile(mixed, { now }).classification[0]!.drivers[0]!.name).toBe('Gérard Lefèvre')
  })

  it('ignores a stray byte after the root element, and a raw & in a name or path, and says so', () => {
    const stray = new Uint8Array([...lmuResultFile(gerard), 0x00, 0x1a])
    const read = parseResultFile(stray, { now })
    expect(read.classification).toHaveLength(2)
    expect(read.repairs).toEqual([
      'Ignored 2 characters after </rFactorXML>, the end of the results (rFactor 2 sometimes writes a stray byte there).',
    ])
    const ampersand = xmlOf(gerard)
      .replace('<VehName>', '<VehFile>D:\\Mods\\R&D Cars\\alpine.veh</VehFile>\n        <VehName>')
      .replace('Équipe Bleue', 'Smith & Sons')
    const withAmp = parseResultFile(new TextEncoder().encode(ampersand), { now })
    expect(withAmp.classification[0]!.team).toBe('Smith & Sons')
    expect(withAmp.repairs).toEqual([
      expect.stringMatching(/^Read 2 '&' that begin no entity as the character & \(first in <VehFile>, line \d+\)\.$/),
    ])
  })

  it('keeps refusing what is really something else', () => {
    // JSON is not read the lenient way: ACC writes UTF-16, and a JSON file of other bytes is not one.
    expect(refusal(new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]))).toMatch(/^The file is not text in UTF-8/)
    expect(refusal(new Uint8Array([0x89, 0x3c, 0x72, 0xe9]))).toMatch(/^The file is not text in UTF-8/)
    // A cut file stays cut, whatever follows its last complete element.
    const cut = lmuResultFile(gerard)
    expect(refusal(cut.subarray(0, cut.length - 40))).toMatch(/^The XML file is damaged or incomplete/)
  })

  it('credits each lap to the driver of its <Swap>, and lists every driver of the car', () => {
    const session = parseResultFile(
      lmuResultFile({
        ...gerard,
        cars: [
          {
            ...gerard.cars[0]!,
            drivers: ['Gérard Lefèvre', 'Nicolas Lapierre'],
            laps: [212_400, 205_117, 206_000, 207_000],
            swaps: [
              { driver: 'Gérard Lefèvre', from: 1, to: 2 },
              { driver: 'Nicolas Lapierre', from: 3, to: 4 },
            ],
          },
        ],
      }),
      { now },
    )
    expect(session.classification[0]!.drivers).toEqual([
      { name: 'Gérard Lefèvre', id: null },
      { name: 'Nicolas Lapierre', id: null },
    ])
    expect(session.laps.map((l) => [l.lapNumber, l.driverName])).toEqual([
      [1, 'Gérard Lefèvre'],
      [2, 'Gérard Lefèvre'],
      [3, 'Nicolas Lapierre'],
      [4, 'Nicolas Lapierre'],
    ])
  })

  it('gives class positions in a two-class race', () => {
    const session = parseResultFile(
      lmuResultFile({
        ...gerard,
        cars: [
          { number: 5, car: 'Alpine A424', carClass: 'Hypercar', drivers: ['Ana'], laps: [200_000] },
          { number: 92, car: 'Porsche 911 GT3 R LMGT3', carClass: 'LMGT3', drivers: ['Ben'], laps: [230_000] },
          { number: 6, car: 'Porsche 963', carClass: 'Hypercar', drivers: ['Cy'], laps: [201_000] },
          { number: 31, car: 'BMW M4 LMGT3', carClass: 'LMGT3', drivers: ['Dee'], laps: [231_000] },
        ],
      }),
      { now },
    )
    expect(session.classification.map((c) => [c.position, c.carClass, c.classPosition])).toEqual([
      [1, 'Hypercar', 1],
      [2, 'LMGT3', 1],
      [3, 'Hypercar', 2],
      [4, 'LMGT3', 2],
    ])
  })

  it('names one circuit once: the course is its variant', () => {
    const sebring = parseResultFile(
      lmuResultFile({ ...gerard, track: 'Sebring International Raceway', course: 'Sebring School Circuit' }),
      { now },
    )
    expect([sebring.track, sebring.trackVariant]).toEqual(['Sebring International Raceway', 'Sebring School Circuit'])
    const spa = parseResultFile(lmuResultFile({ ...gerard, track: 'Spa-Francorchamps 2023' }), { now })
    expect([spa.track, spa.trackVariant]).toEqual(['Circuit de Spa-Francorchamps', '2023'])
  })
})

describe('ACC classification by the game rules', () => {
  const field = (extra: Partial<ResultSession> = {}, cars: Partial<ResultSession['cars'][number]>[] = []) => {
    const base: ResultSession = {
      track: 'silverstone_2019',
      type: 'race',
      cars: ['Ana', 'Ben', 'Cy', 'Dee'].map((name, i) => ({
        number: i + 1,
        car: 'BMW M4 GT3',
        drivers: [name],
        laps: Array.from({ length: 10 }, (_, lap) => 118_000 + i * 100 + lap),
        ...cars[i],
      })),
      ...extra,
    }
    return parseResultFile(accResultFile(base), { now })
  }
  const row = (s: ReturnType<typeof field>) => s.classification.map((c) => [c.position, c.drivers[0]!.name, c.status])

  it('disqualifies a car that missed the mandatory pit stop, or was given a Disqualified penalty, and moves it below the classified cars', () => {
    expect(row(field({}, [{ missedMandatoryPitstop: true }]))).toEqual([
      [1, 'Ben', 'finished'],
      [2, 'Cy', 'finished'],
      [3, 'Dee', 'finished'],
      [4, 'Ana', 'dq'],
    ])
    expect(
      row(
        field({
          penalties: [
            { car: 1, penalty: 'Disqualified' },
            { car: 2, penalty: 'DriveThrough' },
          ],
        }),
      ),
    ).toEqual([
      [1, 'Ana', 'finished'],
      [2, 'Cy', 'finished'],
      [3, 'Dee', 'finished'],
      [4, 'Ben', 'dq'],
    ])
  })

  it('does not classify a car with fewer than 90% of the winner laps, nor one without a lap', () => {
    const laps = (n: number) => Array.from({ length: n }, () => 118_500)
    expect(row(field({}, [{}, { laps: laps(9) }, { laps: laps(8) }, { laps: [] }]))).toEqual([
      [1, 'Ana', 'finished'],
      [2, 'Ben', 'finished'],
      [3, 'Cy', 'dnf'],
      [4, 'Dee', 'dns'],
    ])
    // Outside a race nobody retires: a short qualifying run is a run, ranked by its time.
    expect(row(field({ type: 'qualifying' }, [{}, {}, { laps: laps(2) }]))).toEqual([
      [1, 'Ana', 'finished'],
      [2, 'Ben', 'finished'],
      [3, 'Dee', 'finished'],
      [4, 'Cy', 'finished'],
    ])
  })

  it('does not count a lap under half the median valid lap as valid, nor as the car best lap', () => {
    const session = field({}, [
      { laps: [118_000, 1, 118_200, 117_900, 118_100, 118_300, 118_400, 118_500, 118_600, 118_700] },
    ])
    expect(session.classification[0]!.drivers[0]!.name).toBe('Ana')
    expect(session.laps.filter((l) => l.lapMs === 1).map((l) => l.valid)).toEqual([false])
    expect(session.classification[0]!.bestLapMs).toBe(117_900)
    expect(session.repairs).toEqual([
      "1 lap is not counted as valid: faster than half the session's median valid lap (0:59.102), such as lap 2 of Ana in 0:00.001.",
    ])
  })

  it('names the track once whatever its scan year, and takes the date from the file name only (the file has none)', () => {
    const session = field()
    expect([session.track, session.trackVariant]).toEqual(['Silverstone', '2019'])
    expect(session.startKnown).toBe(false)
    const named = parseResultFile(accResultFile({ track: 'silverstone', type: 'race', cars: spaRace.cars }), {
      now,
      fileName: '261115_190000_R.json',
    })
    expect([named.track, named.trackVariant, named.startKnown]).toEqual(['Silverstone', '', true])
    expect(named.startedAt.toISOString()).toBe('2026-11-15T19:00:00.000Z')
  })

  it('tells the drivers of a car apart by their platform ids and credits each lap to its driver', () => {
    const session = field({}, [
      { drivers: ['Jordan', 'Jordan'], playerIds: ['S1', 'S2'], lapDrivers: [0, 0, 1, 1, 1, 0, 0, 1, 1, 1] },
    ])
    expect(session.classification[0]!.drivers).toEqual([
      { name: 'Jordan', id: 'S1' },
      { name: 'Jordan', id: 'S2' },
    ])
    expect(session.laps.filter((l) => l.carPosition === 1).map((l) => l.driverId)).toEqual([
      'S1',
      'S1',
      'S2',
      'S2',
      'S2',
      'S1',
      'S1',
      'S2',
      'S2',
      'S2',
    ])
  })
})

describe('what a session is, whatever its bytes', () => {
  it('is the same for the file in UTF-16, re-saved in UTF-8 and with a trailing newline; another race is another', () => {
    const fingerprint = (bytes: Uint8Array) => sessionFingerprint(parseResultFile(bytes, { now: new Date() }))
    const original = fingerprint(accResultFile(spaRace))
    expect(fingerprint(accResultFile(spaRace, 'utf-8'))).toBe(original)
    expect(fingerprint(new Uint8Array([...accResultFile(spaRace, 'utf-8'), 0x0d, 0x0a]))).toBe(original)
    const slower = {
      ...spaRace,
      cars: [{ ...spaRace.cars[0]!, laps: [139_800, 138_412, 138_956] }, ...spaRace.cars.slice(1)],
    }
    expect(fingerprint(accResultFile(slower))).not.toBe(original)
    const sarthe = lmuResultFile(sartheRace)
    expect(sessionFingerprint(parseResultFile(new Uint8Array([...sarthe, 0x0a]), { now }))).toBe(
      sessionFingerprint(parseResultFile(sarthe, { now })),
    )
  })
})
