import { describe, expect, it } from 'vitest'
import { championshipNameFromTitle } from './championship-name.ts'

describe('championshipNameFromTitle', () => {
  it.each([
    ['Formula 1 2025: Verstappen wins in Abu Dhabi', 'Formula 1'],
    ['2025 MotoGP: Title decided in Valencia', 'MotoGP'],
    ['IndyCar Series: Palou extends his lead', 'IndyCar Series'],
    ['WEC 2024 - 2025: Season review', 'WEC'],
    ['NASCAR Cup Series', 'NASCAR Cup Series'],
    ['Formula E: Round 3: Mexico City', 'Formula E'],
    ['  Formula 1   2026  : spaces ', 'Formula 1'],
  ])('%s -> %s', (title, name) => {
    expect(championshipNameFromTitle(title)).toBe(name)
  })

  it('keeps numbers that are not 4-digit years', () => {
    expect(championshipNameFromTitle('GT3 24 Hours 12345: result')).toBe('GT3 24 Hours 12345')
    expect(championshipNameFromTitle('Formula 1: x')).toBe('Formula 1')
  })

  it('answers an empty name when the title has nothing before the colon', () => {
    expect(championshipNameFromTitle(': no name')).toBe('')
    expect(championshipNameFromTitle('2025: only a year')).toBe('')
  })
})
