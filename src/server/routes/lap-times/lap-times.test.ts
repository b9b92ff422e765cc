import { beforeEach, describe, expect, it } from 'vitest'
import { createResultsChampionship } from '../../demo/factories.ts'
import { getJson } from '../../../../tests/helpers/app.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { accFileName, accResultFile, lmuResultFile } from '../../demo/result-files.ts'
import { importResultFile } from '../../results/import.ts'
import { accSpaRace, lmuSartheRace } from '../../../../tests/fixtures/race-sessions.ts'

beforeEach(resetDatabase)

const spa = 'Circuit de Spa-Francorchamps'

async function givenTwoRaces() {
  const championshipId = await createResultsChampionship({ championshipName: 'GT Sprint Cup' })
  const start = new Date('2026-11-15T19:00:00Z')
  await importResultFile({
    bytes: accResultFile(accSpaRace),
    fileName: accFileName(start, 'race'),
    championshipId,
    round: 1,
  })
  await importResultFile({ bytes: lmuResultFile(lmuSartheRace), fileName: 'r2.xml', championshipId, round: 2 })
  return { start }
}

interface Lap {
  track: string
  car: string
  driverName: string
  lapMs: number
  lapTime: string
  sessionType: string
  setAt: string
  source: string
  championshipName: string
}

describe('GET /api/lap-times', () => {
  it("answers each driver's fastest valid lap per track and car, fastest first, in the documented shape", async () => {
    const { start } = await givenTwoRaces()
    const res = await getJson<Lap[]>(`/api/lap-times?track=${encodeURIComponent(spa)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-total-count')).toBe('4')
    expect(res.headers.get('netlify-cache-tag')).toBe('lap-times')
    // The CDN keeps one copy per filter and page: a filtered list is never answered with another's.
    expect(res.headers.get('netlify-vary')).toBe('query=track|car|limit|offset')
    // Weerts' 2:17.999 was invalid (track limits): his record is his 2:19.500.
    expect(res.body.map((l) => [l.driverName, l.car, l.lapTime])).toEqual([
      ['Alessio Rovera', 'Ferrari 296 GT3', '2:18.300'],
      ['Laurens Vanthoor', 'Porsche 992 GT3 R', '2:18.412'],
      ['Kevin Estre', 'Porsche 992 GT3 R', '2:18.955'],
      ['Charles Weerts', 'BMW M4 GT3', '2:19.500'],
    ])
    expect(res.body[0]).toMatchObject({
      track: spa,
      car: 'Ferrari 296 GT3',
      driverName: 'Alessio Rovera',
      lapMs: 138_300,
      lapTimeMs: 138_300,
      sessionType: 'race',
      source: 'acc',
      championshipName: 'GT Sprint Cup',
      setAt: new Date(start.getTime() + 141_000 + 138_300).toISOString(),
    })
  })

  it('filters by car and pages on the server', async () => {
    await givenTwoRaces()
    const porsche = await getJson<Lap[]>(`/api/lap-times?track=${encodeURIComponent(spa)}&car=Porsche%20992%20GT3%20R`)
    expect(porsche.body.map((l) => l.driverName)).toEqual(['Laurens Vanthoor', 'Kevin Estre'])
    const all = await getJson<Lap[]>('/api/lap-times')
    expect(all.headers.get('x-total-count')).toBe('7')
    const page = await getJson<Lap[]>('/api/lap-times?limit=2&offset=2')
    expect(page.body.map((l) => l.lapMs)).toEqual(all.body.slice(2, 4).map((l) => l.lapMs))
    expect(page.headers.get('x-total-count')).toBe('7')
    const none = await getJson<Lap[]>('/api/lap-times?track=Nowhere')
    expect([none.body, none.headers.get('x-total-count')]).toEqual([[], '0'])
  })

  it('keeps one record per driver when a later session is faster, and refuses bad paging', async () => {
    await givenTwoRaces()
    const championshipId = await createResultsChampionship()
    const faster = { ...accSpaRace, cars: [{ ...accSpaRace.cars[1]!, laps: [136_001, 137_000], invalidLaps: [] }] }
    await importResultFile({ bytes: accResultFile(faster), fileName: '', championshipId, round: 1 })
    const weerts = (await getJson<Lap[]>(`/api/lap-times?track=${encodeURIComponent(spa)}`)).body.filter(
      (l) => l.driverName === 'Charles Weerts',
    )
    expect(weerts.map((l) => l.lapTime)).toEqual(['2:16.001'])
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'limit=ten']) {
      const res = await getJson<{ message: string }>(`/api/lap-times?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.message).toMatch(/^(limit|offset) must/)
    }
  })

  it('lists every track with its cars and its fastest records (the page data)', async () => {
    await givenTwoRaces()
    const res =
      await getJson<{ track: string; cars: string[]; total: number; records: Lap[] }[]>('/api/lap-times/tracks')
    const byTrack = new Map(res.body.map((t) => [t.track, t]))
    expect([...byTrack.keys()].sort()).toEqual(['Circuit de Spa-Francorchamps', 'Circuit de la Sarthe'].sort())
    expect(byTrack.get(spa)).toMatchObject({
      cars: ['BMW M4 GT3', 'Ferrari 296 GT3', 'Porsche 992 GT3 R'],
      total: 4,
    })
    expect(byTrack.get('Circuit de la Sarthe')!.records.map((r) => r.lapTime)).toEqual([
      '3:48.456',
      '3:49.100',
      '3:52.000',
    ])
  })
})
