import { describe, expect, it } from 'vitest'
import { categoryFor, countWords, wordCountFor } from './ai-news.ts'

describe('AI news rules', () => {
  it('word count presets: 350 e-sports, 400 motorsport, unless one is asked for', () => {
    expect(wordCountFor('e-sports')).toBe(350)
    expect(wordCountFor('motorsport')).toBe(400)
    expect(wordCountFor('motorsport', 600)).toBe(600)
  })

  it('counts words, keeping contractions and hyphenated words whole', () => {
    expect(countWords("Verstappen's late-race move won it, 2025 title")).toBe(7)
    expect(countWords('')).toBe(0)
  })

  it('files e-sports under Esports and motorsport under Motorsport', () => {
    expect(categoryFor('e-sports')).toBe('Esports')
    expect(categoryFor('motorsport')).toBe('Motorsport')
  })
})
