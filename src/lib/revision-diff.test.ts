import { describe, expect, it } from 'vitest'
import { copyEdited, longArticle } from '../../test-support/long-article.ts'
import { htmlToText } from './excerpt.ts'
import {
  cappedParts,
  describeChange,
  DIFF_TIME_MS,
  fieldChange,
  previewVersion,
  SHOWN_CHARS,
  wordDiff,
  type DiffPart,
  type FieldChange,
} from './revision-diff.ts'

/** The old and the new text a diff describes, with [-removed-] and {+added+} words marked. */
const marked = (parts: DiffPart[]) =>
  parts.map((p) => (p.kind === 'removed' ? `[-${p.text}-]` : p.kind === 'added' ? `{+${p.text}+}` : p.text)).join('')
const oldText = (parts: DiffPart[]) =>
  parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join('')
const newText = (parts: DiffPart[]) =>
  parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join('')

describe('describeChange', () => {
  it('a title: old and new, word by word', () => {
    const [change] = describeChange({ title: 'History GP at Spa' }, { title: 'History GP at Monza' })
    expect(change).toMatchObject({ field: 'title', label: 'title', kind: 'text', long: false })
    if (change?.kind !== 'text') throw new Error('a text change')
    expect(oldText(change.parts)).toBe('History GP at Spa')
    expect(newText(change.parts)).toBe('History GP at Monza')
    expect(marked(change.parts)).toBe('History GP at [-Spa-]{+Monza+}')
  })

  it('only the fields that changed, and no bookkeeping', () => {
    const before = { title: 'A', price: '$1', updatedAt: '2026-11-01T00:00:00.000Z', viewerCount: 3 }
    const after = { title: 'A', price: '$2', updatedAt: '2026-11-02T00:00:00.000Z', viewerCount: 9 }
    expect(describeChange(before, after).map((c) => c.field)).toEqual(['price'])
  })

  it('values in words: switches, numbers, dates, lists, nothing', () => {
    expect(fieldChange('isLive', false, true)).toMatchObject({ kind: 'value', before: 'no', after: 'yes' })
    expect(fieldChange('points', 25, 26)).toMatchObject({ before: '25', after: '26' })
    expect(fieldChange('startTime', '2026-11-20T20:48:56.000Z', '2026-11-20T21:00:00.000Z')).toMatchObject({
      kind: 'value',
      before: expect.stringContaining('2026'),
    })
    expect(fieldChange('tags', ['GT3'], ['GT3', 'Spa'])).toMatchObject({ before: 'GT3', after: 'GT3, Spa' })
    expect(fieldChange('endTime', null, '2026-11-20T21:00:00.000Z')).toMatchObject({ before: '(none)' })
    expect(fieldChange('gameId', 4, null)).toMatchObject({ before: '4', after: '(none)' })
  })

  it('article HTML: a diff of its text; a change of markup alone is said so', () => {
    const change = fieldChange('content', '<p>Rain is likely.</p><h2>Grid</h2>', '<p>Rain is certain.</p><h2>Grid</h2>')
    expect(change).toMatchObject({ kind: 'text', long: true, markupOnly: false })
    if (change.kind === 'text') expect(marked(change.parts)).toBe('Rain is [-likely-]{+certain+}. Grid')
    expect(fieldChange('content', '<p>Hi</p>', '<p><strong>Hi</strong></p>')).toMatchObject({ markupOnly: true })
  })

  it('standings by row: changed, added and removed rows', () => {
    const row = (position: number, driverName: string, points: number) => ({ position, driverName, team: 'T', points })
    const [change] = describeChange(
      { standings: [row(1, 'Max', 400), row(2, 'Lando', 380), row(3, 'Oscar', 370)] },
      { standings: [row(1, 'Max', 400), row(2, 'Lando', 395)] },
    )
    expect(change).toEqual({
      field: 'standings',
      label: 'standings',
      kind: 'rows',
      rows: [
        { kind: 'changed', before: '2. Lando (T): 380 pts', after: '2. Lando (T): 395 pts' },
        { kind: 'removed', before: '3. Oscar (T): 370 pts' },
      ],
    })
  })
})

describe('wordDiff', () => {
  it('gives back the old and the new text exactly', () => {
    const pairs = [
      ['iRacing', 'iRacing 2026'],
      ['Subscription from $13/month', 'From $15 a month'],
      ['  spaced   out ', 'spaced out'],
      ['', 'New'],
    ]
    for (const [before, after] of pairs) {
      const parts = wordDiff(before!, after!)!
      expect([oldText(parts), newText(parts)]).toEqual([before, after])
    }
  })
})

describe('wordDiff of long text', () => {
  it('keeps a few words around each change and cuts the rest', () => {
    const body = (word: string) =>
      `${Array.from({ length: 40 }, (_, i) => `a${i}`).join(' ')} ${word} ${Array.from({ length: 40 }, (_, i) => `b${i}`).join(' ')}`
    const parts = wordDiff(body('old'), body('new'), true)!
    expect(marked(parts)).toBe('… a32 a33 a34 a35 a36 a37 a38 a39 [-old-]{+new+} b0 b1 b2 b3 b4 b5 b6 b7 …')
  })
})

const textOf = (change: FieldChange | undefined) => {
  if (change?.kind !== 'text') throw new Error('a text change')
  return change
}
const length = (parts: DiffPart[]) => parts.reduce((n, p) => n + p.text.length, 0)

describe('bounds (issue 31)', () => {
  it('a copy edit of a whole 200 KB article: given up within its time, old and new shown replaced and cut', () => {
    const before = longArticle(200_000)
    const after = copyEdited(before, 10)
    const started = Date.now()
    const [content, title] = describeChange(
      { content: before, title: 'Race report' },
      { content: after, title: 'Race report, edited' },
    )
    // Over a second before the bound; DIFF_TIME_MS now, plus reading the texts (generous on a busy machine).
    expect(Date.now() - started).toBeLessThan(DIFF_TIME_MS + 900)
    const change = textOf(content)
    expect(change).toMatchObject({ compared: false, cut: true, long: true, markupOnly: false })
    expect(change.parts.map((p) => p.kind)).toEqual(['removed', 'added'])
    expect(change.parts[0]!.text).toBe(`${htmlToText(before).slice(0, change.parts[0]!.text.length - 2)} …`)
    expect(change.parts[1]!.text.startsWith(htmlToText(after).slice(0, 100))).toBe(true)
    expect(length(change.parts)).toBeLessThanOrEqual(SHOWN_CHARS + 4)
    // The long field does not take the next one's time: the title is still compared word by word.
    expect(textOf(title)).toMatchObject({ compared: true, cut: false })
    expect(marked(textOf(title).parts)).toBe('Race report{+, edited+}')
  })

  it('the time bound alone: a text that compares given time is given up without it', () => {
    const before = longArticle(50_000)
    const after = copyEdited(before, 30)
    expect(textOf(fieldChange('content', before, after, 60_000))).toMatchObject({ compared: true })
    expect(textOf(fieldChange('content', before, after, 1))).toMatchObject({ compared: false })
  })

  it('a long added text is cut after SHOWN_CHARS characters at a word, and says so', () => {
    const added = Array.from({ length: 1500 }, (_, i) => `lap${i}sectortime`).join(' ')
    const change = textOf(fieldChange('description', 'Short.', `Short. ${added}`))
    expect(change).toMatchObject({ compared: true, cut: true })
    expect(length(change.parts)).toBeLessThanOrEqual(SHOWN_CHARS + 2)
    expect(change.parts.at(-1)!.text).toMatch(/ lap\d+sectortime …$/)
    expect(cappedParts([{ kind: 'same', text: 'short' }])).toEqual({
      parts: [{ kind: 'same', text: 'short' }],
      cut: false,
    })
  })
})

describe('previewVersion', () => {
  it('every field of the version in words, without ids and bookkeeping; markup as text', () => {
    expect(
      previewVersion({
        id: 3,
        title: 'Monza report',
        content: '<h2>Start</h2><p>Clean getaway.</p>',
        isLive: true,
        updatedAt: '2026-11-02T00:00:00.000Z',
      }),
    ).toEqual([
      { field: 'title', label: 'title', value: 'Monza report' },
      { field: 'content', label: 'content', value: 'Start. Clean getaway.' },
      { field: 'isLive', label: 'is live', value: 'yes' },
    ])
  })

  it("in the record's field order, whatever the stored order", () => {
    const stored = { price: '$1', title: 'iRacing', rating: '90%', description: 'Online racing.' }
    expect(previewVersion(stored, ['id', 'title', 'description', 'rating', 'price']).map((f) => f.field)).toEqual([
      'title',
      'description',
      'rating',
      'price',
    ])
  })
})
