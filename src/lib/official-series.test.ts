import { describe, expect, it } from 'vitest'
import { jolpicaSeasonOf, officialSeriesOf } from './official-series.ts'

describe('officialSeriesOf', () => {
  it.each(['Formula 1', 'Formula One World Championship', 'F1', 'FIA Formula 1 World Championship 2026', 'formula1'])(
    '%s is Formula 1',
    (name) => expect(officialSeriesOf(name)).toBe('f1'),
  )
  it.each([
    'F1 Academy',
    'F1 Sim Racing World Championship',
    'F1 25 League',
    'Formula E',
    'IndyCar Series',
    'F1 Esports Series',
  ])('%s is not', (name) => expect(officialSeriesOf(name)).toBeUndefined())
  it('reads a year as the season and anything else as the current one', () => {
    expect(jolpicaSeasonOf('2025')).toBe('2025')
    expect(jolpicaSeasonOf('2025/26')).toBe('current')
    expect(jolpicaSeasonOf(null)).toBe('current')
  })
})
