import { describe, expect, it } from 'vitest'
import {
  editDistance,
  foldWord,
  markedParts,
  passageOf,
  relevantPageIds,
  suggestion,
  wholeWordPattern,
  wordsOf,
  type SearchPlace,
} from './news-search.ts'

describe("the news search's passages (issue 44)", () => {
  it('shows the words around the first place the term was found, cut at words, the term as the text spells it', () => {
    const text = `${'Lead paragraph about the season. '.repeat(6)}Then the Fanatec wheel base arrived, and ${'more words follow here. '.repeat(6)}`
    const passage = passageOf(text, 'fanatec', 40)!
    expect(passage.match).toBe('Fanatec')
    expect(passage.before.startsWith('…')).toBe(true)
    expect(passage.after.endsWith('…')).toBe(true)
    // Whole words at both cuts.
    expect(passage.before.slice(1)).toMatch(/^[A-Z a-z.]*$/)
    expect(passage.before.slice(1).split(' ')[0]).toMatch(/^(Lead|paragraph|about|the|season\.)$/)
    expect(passageOf('Short text with GT3 in it', 'gt3')).toEqual({
      before: 'Short text with ',
      match: 'GT3',
      after: ' in it',
    })
    expect(passageOf('Nothing here', 'gt3')).toBeNull()
  })

  it('marks every place the term stands in a title', () => {
    expect(markedParts('Spa: spa-francorchamps in the rain', 'SPA')).toEqual([
      { text: 'Spa', mark: true },
      { text: ': ', mark: false },
      { text: 'spa', mark: true },
      { text: '-francorchamps in the rain', mark: false },
    ])
    expect(markedParts('No match', 'gt3')).toEqual([{ text: 'No match', mark: false }])
  })

  it('finds a whole word with a regular expression that takes the term literally', () => {
    const pattern = new RegExp(wholeWordPattern('GT3 (Pro)').replaceAll('[:alnum:]', 'a-z0-9'))
    expect(pattern.test('the gt3 (pro) class')).toBe(true)
    expect(pattern.test('the gt3 (pro)s class')).toBe(false)
    expect(new RegExp(wholeWordPattern('gt3').replaceAll('[:alnum:]', 'a-z0-9')).test('gt300')).toBe(false)
  })
})

describe("'Did you mean' (issue 44)", () => {
  const site = [
    'Nürburgring',
    'Nordschleife',
    'Fanatec',
    'wheel',
    'Spa-Francorchamps',
    'Verstappen',
    'iRacing',
    'the',
    'at',
  ]

  it('folds accents, then allows a typing error or two, and spells the word as the site does', () => {
    expect(suggestion('nurburgring', site)).toBe('Nürburgring')
    expect(suggestion('fanatc', site)).toBe('Fanatec')
    expect(suggestion('verstapen', site)).toBe('Verstappen')
    // A swap of two letters is one error.
    expect(suggestion('iracnig', site)).toBe('iRacing')
    expect(suggestion('fanatc wheel', site)).toBe('Fanatec wheel')
  })

  it('offers nothing for words the site has or nothing near', () => {
    expect(suggestion('fanatec', site)).toBeNull()
    expect(suggestion('zzzq', site)).toBeNull()
    expect(suggestion('ab', site)).toBeNull()
  })

  it('compares words by their letters', () => {
    expect(foldWord('Nürburgring')).toBe('nurburgring')
    expect(foldWord('Straße')).toBe('strasse')
    expect(wordsOf("Spa-Francorchamps: Verstappen's 24h")).toEqual(['Spa-Francorchamps', "Verstappen's", '24h'])
    expect(editDistance('fanatc', 'fanatec')).toBe(1)
    expect(editDistance('ab', 'ba')).toBe(1)
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3)
  })
})

describe("a relevance search's page (decision 0872)", () => {
  // Ids 1-6 in the title (whole words 1-3), 7-9 in the excerpt, 10-12 in the text only.
  const places: Record<SearchPlace, number[]> = { 0: [1, 2, 3, 4, 5, 6], 1: [7, 8, 9], 2: [10, 11, 12] }
  const reader = () => {
    const reads: SearchPlace[] = []
    const read = async (place: SearchPlace, take: number) => {
      reads.push(place)
      return places[place].slice(0, take)
    }
    return { reads, read }
  }

  it('takes a page from the newest articles when they hold enough whole-word title matches, reading no index', async () => {
    const { reads, read } = reader()
    const recent = { rows: [1, 2, 3].map((id) => ({ id, tier: 0 })), whole: false }
    expect(await relevantPageIds(1, 2, recent, read)).toEqual([2, 3])
    expect(reads).toEqual([])
  })

  it('reads each place through its index, in order, until the page is full', async () => {
    const { reads, read } = reader()
    const recent = { rows: [{ id: 1, tier: 0 }], whole: false }
    expect(await relevantPageIds(0, 3, recent, read)).toEqual([1, 2, 3])
    expect(reads).toEqual([0])
    const again = reader()
    expect(await relevantPageIds(5, 4, recent, again.read)).toEqual([6, 7, 8, 9])
    expect(again.reads).toEqual([0, 1])
    const third = reader()
    expect(await relevantPageIds(8, 10, recent, third.read)).toEqual([9, 10, 11, 12])
    expect(third.reads).toEqual([0, 1, 2])
  })

  it('answers from the newest articles alone when they were the whole list', async () => {
    const { reads, read } = reader()
    const recent = { rows: [4, 9, 12].map((id, i) => ({ id, tier: i * 2 + 1 })), whole: true }
    expect(await relevantPageIds(1, 5, recent, read)).toEqual([9, 12])
    expect(reads).toEqual([])
  })
})
