import { describe, expect, it } from 'vitest'
import { sourceLabel } from './standings-source.ts'

const at = '2026-11-24T10:30:00.000Z'

describe('sourceLabel', () => {
  it('says official results with the source and when it was read', () => {
    expect(sourceLabel({ source: 'jolpica', sourceUrls: [], completedRounds: 22, lastUpdated: at })).toEqual({
      title: 'Official results',
      detail: 'Jolpica-F1 · read Nov 24, 10:30 AM UTC',
      links: [{ label: 'Jolpica-F1', url: 'https://jolpi.ca' }],
    })
  })

  it('counts the rounds of race results', () => {
    expect(sourceLabel({ source: 'results', sourceUrls: [], completedRounds: 1, lastUpdated: at }).detail).toBe(
      '1 round counted',
    )
    expect(sourceLabel({ source: 'results', sourceUrls: [], completedRounds: 3, lastUpdated: at })).toMatchObject({
      title: 'From race results',
      detail: '3 rounds counted',
    })
  })

  it('names the sites an AI table was taken from, or says none were kept', () => {
    const label = sourceLabel({
      source: 'ai',
      sourceUrls: ['https://www.formula1.com/en/results', 'https://www.fia.com/news/x'],
      completedRounds: null,
      lastUpdated: at,
    })
    expect(label).toMatchObject({ title: 'AI-generated', detail: 'Sources: formula1.com, fia.com' })
    expect(sourceLabel({ source: 'ai', sourceUrls: [], completedRounds: null, lastUpdated: at }).detail).toBe(
      'Sources not recorded',
    )
  })
})
